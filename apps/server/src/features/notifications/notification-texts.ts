import type { Locale, NotificationType } from '@foyer/contract';

/** Who and what a notification names; null when unknown (the language's "someone"). */
export interface NotificationNames {
  actor: string | null;
  session: string | null;
  event: string | null;
}

type Texts = Record<NotificationType, (n: Required<{ [K in keyof NotificationNames]: string }>) => string>;

/**
 * A notification's one-line title per language: the e-mail's subject (English, A9.43) and the
 * push's title (the language of the browser that subscribed).
 */
const TITLES: Record<Locale, { fallback: NotificationNames; texts: Texts }> = {
  en: {
    fallback: { actor: 'Someone', session: 'a session', event: 'your event' },
    texts: {
      participant_meet_invitation: (n) => `${n.actor} would like to meet you`,
      confirm_participant_invitation: (n) => `${n.actor} accepted your meeting request`,
      reject_participant_invite: (n) => `${n.actor} declined your meeting request`,
      session_reschedule_invitation: (n) => `${n.actor} asked to reschedule your meeting`,
      confirm_reschedule_invitation: (n) => `${n.actor} accepted the new meeting time`,
      reject_invite_reschedule: (n) => `${n.actor} declined the new meeting time`,
      cancel_meeting: (n) => `${n.actor} cancelled your meeting`,
      meeting_reminder: () => 'Your meeting starts in 1 hour',
      confirmed: (n) => `You are confirmed for ${n.session}`,
      session_cancelled: (n) => `${n.session} was cancelled`,
      rescheduled_session: (n) => `${n.session} has a new time`,
      cancel_session: (n) => `Your place in ${n.session} was cancelled`,
      invited_to_event: (n) => `You are invited to ${n.event}`,
      announcement: (n) => `New announcement at ${n.event}`,
      poll: (n) => `New poll at ${n.event}`,
      poll_finished: (n) => `A poll has finished at ${n.event}`,
    },
  },
  tr: {
    fallback: { actor: 'Biri', session: 'bir oturum', event: 'etkinliğiniz' },
    texts: {
      participant_meet_invitation: (n) => `${n.actor} sizinle görüşmek istiyor`,
      confirm_participant_invitation: (n) => `${n.actor} görüşme isteğinizi kabul etti`,
      reject_participant_invite: (n) => `${n.actor} görüşme isteğinizi reddetti`,
      session_reschedule_invitation: (n) => `${n.actor} görüşmenizin saatini değiştirmek istiyor`,
      confirm_reschedule_invitation: (n) => `${n.actor} yeni görüşme saatini kabul etti`,
      reject_invite_reschedule: (n) => `${n.actor} yeni görüşme saatini reddetti`,
      cancel_meeting: (n) => `${n.actor} görüşmenizi iptal etti`,
      meeting_reminder: () => 'Görüşmeniz 1 saat içinde başlıyor',
      confirmed: (n) => `${n.session} için yeriniz onaylandı`,
      session_cancelled: (n) => `${n.session} iptal edildi`,
      rescheduled_session: (n) => `${n.session} için yeni bir saat belirlendi`,
      cancel_session: (n) => `${n.session} için yeriniz iptal edildi`,
      invited_to_event: (n) => `${n.event} etkinliğine davet edildiniz`,
      announcement: (n) => `${n.event}: yeni duyuru`,
      poll: (n) => `${n.event}: yeni anket`,
      poll_finished: (n) => `${n.event}: bir anket sona erdi`,
    },
  },
  ru: {
    fallback: { actor: 'Кто-то', session: 'сессия', event: 'ваше мероприятие' },
    texts: {
      participant_meet_invitation: (n) => `${n.actor} хочет встретиться с вами`,
      confirm_participant_invitation: (n) => `${n.actor} принимает ваш запрос на встречу`,
      reject_participant_invite: (n) => `${n.actor} отклоняет ваш запрос на встречу`,
      session_reschedule_invitation: (n) => `${n.actor} предлагает перенести встречу`,
      confirm_reschedule_invitation: (n) => `${n.actor} принимает новое время встречи`,
      reject_invite_reschedule: (n) => `${n.actor} отклоняет новое время встречи`,
      cancel_meeting: (n) => `${n.actor} отменяет встречу`,
      meeting_reminder: () => 'Ваша встреча начнётся через 1 час',
      confirmed: (n) => `Вы записаны: «${n.session}»`,
      session_cancelled: (n) => `«${n.session}» отменено`,
      rescheduled_session: (n) => `У «${n.session}» новое время`,
      cancel_session: (n) => `Ваше место на «${n.session}» отменено`,
      invited_to_event: (n) => `Вас пригласили: ${n.event}`,
      announcement: (n) => `${n.event}: новое объявление`,
      poll: (n) => `${n.event}: новый опрос`,
      poll_finished: (n) => `${n.event}: опрос завершён`,
    },
  },
  es: {
    fallback: { actor: 'Alguien', session: 'una sesión', event: 'tu evento' },
    texts: {
      participant_meet_invitation: (n) => `${n.actor} quiere reunirse contigo`,
      confirm_participant_invitation: (n) => `${n.actor} aceptó tu solicitud de reunión`,
      reject_participant_invite: (n) => `${n.actor} rechazó tu solicitud de reunión`,
      session_reschedule_invitation: (n) => `${n.actor} pide cambiar la hora de vuestra reunión`,
      confirm_reschedule_invitation: (n) => `${n.actor} aceptó la nueva hora de la reunión`,
      reject_invite_reschedule: (n) => `${n.actor} rechazó la nueva hora de la reunión`,
      cancel_meeting: (n) => `${n.actor} canceló vuestra reunión`,
      meeting_reminder: () => 'Tu reunión empieza en 1 hora',
      confirmed: (n) => `Tu plaza en ${n.session} está confirmada`,
      session_cancelled: (n) => `${n.session} se ha cancelado`,
      rescheduled_session: (n) => `${n.session} tiene una nueva hora`,
      cancel_session: (n) => `Tu plaza en ${n.session} se ha cancelado`,
      invited_to_event: (n) => `Te han invitado a ${n.event}`,
      announcement: (n) => `${n.event}: nuevo anuncio`,
      poll: (n) => `${n.event}: nueva encuesta`,
      poll_finished: (n) => `${n.event}: una encuesta ha terminado`,
    },
  },
};

export function notificationTitle(type: NotificationType, names: NotificationNames, locale: Locale): string {
  const { fallback, texts } = TITLES[locale];
  return texts[type]({
    actor: names.actor ?? fallback.actor ?? '',
    session: names.session ?? fallback.session ?? '',
    event: names.event ?? fallback.event ?? '',
  });
}
