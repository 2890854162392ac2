/** Spec constants under their spec meaning; the requirement ID is beside each. */
export const PRODUCT_VERSION = '1.103.0'; // A2.86
/** A9.51: the share of traces the error-reporting service keeps (its own setting). */
export const ERROR_REPORT_TRACES_SAMPLE_RATE = 0.5;
export const COPYRIGHT_YEAR = 2025; // A2.88
/** A7.27: at most this many of the app's texts an event may word its own way, per language. */
export const EVENT_WORDS_MAX = 200;
/** A7.27: the longest text an event may put in place of one of the app's. */
export const EVENT_WORD_MAX_LENGTH = 500;
export const PASSWORD_MIN_LENGTH = 8; // A5.05
export const LOGIN_LOCKOUT_ATTEMPTS = 5; // issue 2: 5 failures in 30 minutes
export const LOGIN_LOCKOUT_MS = 30 * 60_000; // A9.46
export const RESET_CODE_TTL_MS = 60 * 60_000; // issue 2: reset code valid 1 hour
export const SIGNUP_CODE_TTL_MS = 24 * 60 * 60_000; // issue 10: a sign-up code is valid 1 day
export const EVENT_FINISHED_AFTER_MS = 86_400_000; // A4.11: finished one day after its real end
export const PRESENCE_RECONFIRM_MS = 86_400_000; // A4.42
export const COOKIE_CONSENT_DAYS = 360; // A9.03
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024; // A5.35
export const AVATAR_MAX_PX = 700; // A5.37
export const ATTACHMENT_MAX_BYTES = 5_000_000; // A5.42
export const ERROR_DISPLAY_MS = 5_000; // A8.38
export const DRAWER_CLOSE_MS = 500; // A2.85
export const MODAL_ANIMATION_MS = 400; // A9.21
/**
 * E2.70: a modal that asks for no size is "tiny": the spec's name is Semantic UI's, whose tiny modal
 * is about 520 px on a desktop (its mini one is 360 px). 520 px keeps a form's labels, inputs and two
 * buttons on a line; on a phone every modal takes the screen's width anyway.
 */
export const MODAL_DEFAULT_SIZE = 520;
export const PRELOADER_REMOVE_MS = 500; // A9.22
export const CLEARED_CACHE_REMOVE_MS = 500; // A9.23
/** A7.04, E9.03: a response stays cached for 1 hour after the last screen using it (TanStack gcTime). */
export const RESPONSE_CACHE_MS = 3_600_000; // A7.04
export const DROPDOWN_NAME_MAX_CHARS = 9; // E5.50
export const ATTENDEE_CARD_NARROW_WIDTH = 320; // E9.49
export const ATTENDEE_VIEW_BANNER = { width: 720, height: 96 } as const; // A9.10
export const CROP_MIN_BOX_PX = 10; // E9.23
export const RESIZE_DEBOUNCE_MS = 100; // A9.15
export const SEARCH_LOADING_DELAY_MS = 100; // A9.16
export const SEARCH_PAGE_SIZE = 60; // A9.18
/** The suggestions the attendee tab asks for ("People to meet", a row shown and the rest on request). */
export const PEOPLE_TO_MEET = 6;
export const PARTICIPANT_SEARCH_DEBOUNCE_MS = 400; // A9.17
export const NOTIFICATIONS_PAGE_SIZE = 30; // A9.37
export const CAROUSEL_INTERVAL_MS = 10_000; // A9.29
export const MOBILE_MAX_WIDTH = 767; // A9.25
export const TABLET_MAX_WIDTH = 1024; // A9.26
export const DATE_FORMAT = 'yyyy-LL-dd HH:mm'; // A9.33
export const LOCALES = ['en', 'tr', 'ru', 'es'] as const; // A9.31
/** The schema is in locale.ts: this file imports no zod, so the first route's chunk loads none. */
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en'; // A9.32
/** A2.41: the event-domain lookup is skipped for these first host labels. */
export const EXCLUDED_HOST_LABELS = ['www', 'app', 'localhost'] as const;
export const AGENDA_MAX_ACTIVE_EVENTS = 40; // A9.47
export const PAST_EVENTS_STEP = 5; // A9.48
/** A9.35, E9.42: someone who joined a popup table is there while their last heartbeat is this recent. */
export const POPUP_TABLE_PRESENCE_MS = 60_000; // A9.35
