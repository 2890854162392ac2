import type { EventDetails } from '@foyer/contract';
import { TabPanelContent } from '../../event-landing/components/tab-panel-content';
import '../i18n';

/** Placeholder until this feature's screen lands: the tab's empty state. */
export function ExpoTab({ event }: { event: EventDetails }) {
  void event;
  return <TabPanelContent page="expo" />;
}
