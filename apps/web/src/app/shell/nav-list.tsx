import { ActionIcon, Badge, Indicator, NavLink, VisuallyHidden } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { HoverTip } from '../../components/hover-tip';
import { useTranslation } from '../../i18n/react';
import type { NavEntry } from './nav-entries';
import { useShell } from './shell-store';
import classes from './side-nav.module.css';

interface Props {
  entries: NavEntry[];
  /** Icons only, labels in tooltips (tablet, A2.81). */
  collapsed?: boolean;
  /** Called after an entry was used (the mobile menu closes). */
  onUse?(): void;
}

function isActive(entry: NavEntry, pathname: string, drawer: string | null): boolean {
  if (entry.target.kind === 'drawer') return drawer === entry.target.drawer;
  if (entry.target.kind === 'link') return pathname.startsWith(entry.target.to.split('?')[0] ?? '');
  return false;
}

/** The navigation entries as a list; drawers and modals open in place, links navigate. */
export function NavList({ entries, collapsed = false, onUse }: Props) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const drawer = useShell((state) => state.drawer);
  const openDrawer = useShell((state) => state.openDrawer);
  const openModal = useShell((state) => state.openModal);

  const use = (entry: NavEntry) => {
    if (entry.target.kind === 'drawer') openDrawer(entry.target.drawer);
    if (entry.target.kind === 'modal') openModal(entry.target.modal);
    onUse?.();
  };

  return (
    <ul className={classes.list}>
      {entries.map((entry) => {
        const label = t(entry.label);
        const Icon = entry.icon;
        const active = isActive(entry, pathname, drawer);
        const badge = entry.badge ?? 0;
        const testId = `nav-${entry.key}`;
        const target = entry.target;
        if (collapsed) {
          const iconProps = {
            size: 44,
            radius: 'md',
            variant: active ? 'light' : 'subtle',
            color: active ? 'foyer' : 'dark',
            'aria-label': badge > 0 ? `${label} (${badge})` : label,
            'data-testid': testId,
            children: <Icon size={22} aria-hidden />,
          } as const;
          return (
            <li key={entry.key}>
              <HoverTip label={label} position="right" withArrow>
                <Indicator
                  label={badge > 99 ? '99+' : badge}
                  size={16}
                  disabled={badge === 0}
                  color="red.8"
                  offset={6}
                >
                  {target.kind === 'link' ? (
                    <ActionIcon {...iconProps} component={Link} to={target.to} onClick={onUse} />
                  ) : (
                    <ActionIcon
                      {...iconProps}
                      aria-haspopup="dialog"
                      data-drawer-opener={target.kind === 'drawer' ? target.drawer : undefined}
                      onClick={() => use(entry)}
                    />
                  )}
                </Indicator>
              </HoverTip>
            </li>
          );
        }
        const itemProps = {
          className: classes.entry,
          label,
          leftSection: <Icon size={20} aria-hidden />,
          rightSection:
            badge > 0 ? (
              <Badge size="sm" color="red.8" circle={badge < 10}>
                {badge > 99 ? '99+' : badge}
                <VisuallyHidden>{t('nav.badge', { count: badge })}</VisuallyHidden>
              </Badge>
            ) : null,
          active,
          'data-active': active || undefined,
          'data-testid': testId,
        };
        return (
          <li key={entry.key}>
            {target.kind === 'link' ? (
              <NavLink {...itemProps} component={Link} to={target.to} onClick={onUse} />
            ) : (
              <NavLink
                {...itemProps}
                component="button"
                type="button"
                aria-haspopup="dialog"
                data-drawer-opener={target.kind === 'drawer' ? target.drawer : undefined}
                onClick={() => use(entry)}
              />
            )}
          </li>
        );
      })}
    </ul>
  );
}
