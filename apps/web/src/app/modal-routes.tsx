import { Modal } from '@mantine/core';
import { useState } from 'react';
import { type Location, Route, Routes, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from '../i18n/react';
import { openerOf } from '../lib/focus';
import { type EntityKind, isEntityKind } from './event/api/get-entity';
import { EntityDetail } from './event/components/entity-detail';

function RouteModal({ background }: { background: Location }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { eventId, kind, itemId } = useParams();
  const { pathname } = useLocation();
  const [opened, setOpened] = useState(true);
  // WCAG 2.4.3: the modal mounts open (Mantine gives focus back only to what it saw open it), so the
  // opener is taken here and focused again when the modal has closed, by Escape or Close alike.
  const [opener] = useState(() => document.activeElement);
  if (!isEntityKind(kind)) return null;
  const entity: EntityKind = kind;
  // Back to the page underneath once the close animation ends; a reload keeps the state but has no
  // history entry to return to, so go to the background page itself then.
  const leave = () => {
    openerOf(opener, pathname)?.focus();
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(`${background.pathname}${background.search}`, { replace: true });
  };
  return (
    <Modal
      opened={opened}
      onClose={() => setOpened(false)}
      onExitTransitionEnd={leave}
      title={t(`eventArea.detail.${entity}`)}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <EntityDetail
        kind={entity}
        eventId={Number(eventId)}
        id={Number(itemId)}
        variant="modal"
        onBack={() => setOpened(false)}
      />
    </Modal>
  );
}

/** A2.23–A2.26: the detail routes that open over the background page. */
export function ModalRoutes({ background }: { background: Location }) {
  return (
    <Routes>
      <Route path="/event/:eventId/:kind/:itemId" element={<RouteModal background={background} />} />
      <Route path="*" element={null} />
    </Routes>
  );
}
