import { Tabs } from '@mantine/core';
import { IconBuildingStore, IconUsersGroup } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useSearchParamsNow } from '../../../lib/search-params-now';
import { LeadsPanel } from './leads-panel';
import './i18n';

/**
 * The company page for a member of a booth's team: the booth page (as before) and the booth's
 * leads (?tab=leads), which every member of the team works on.
 */
export function CompanyTabs({ eventId, children }: { eventId: number; children: ReactNode }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParamsNow();
  const tab = params.get('tab') === 'leads' ? 'leads' : 'booth';
  return (
    <Tabs
      value={tab}
      onChange={(value) =>
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            if (value === 'leads') next.set('tab', 'leads');
            else next.delete('tab');
            return next;
          },
          { replace: true },
        )
      }
      keepMounted={false}
    >
      <Tabs.List aria-label={t('contacts.leads.tabs')} mb="lg">
        <Tabs.Tab
          value="booth"
          leftSection={<IconBuildingStore size={16} aria-hidden />}
          data-testid="company-tab-booth"
        >
          {t('contacts.leads.boothTab')}
        </Tabs.Tab>
        <Tabs.Tab
          value="leads"
          leftSection={<IconUsersGroup size={16} aria-hidden />}
          data-testid="company-tab-leads"
        >
          {t('contacts.leads.tab')}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="booth">{children}</Tabs.Panel>
      <Tabs.Panel value="leads">
        <LeadsPanel eventId={eventId} />
      </Tabs.Panel>
    </Tabs>
  );
}
