import type access from './locales/en/access.json';
import type account from './locales/en/account.json';
import type agenda from './locales/en/agenda.json';
import type attendees from './locales/en/attendees.json';
import type chat from './locales/en/chat.json';
import type checkin from './locales/en/checkin.json';
import type contacts from './locales/en/contacts.json';
import type expo from './locales/en/expo.json';
import type lobby from './locales/en/lobby.json';
import type meetings from './locales/en/meetings.json';
import type organizer from './locales/en/organizer.json';
import type organizerBadges from './locales/en/organizer-badges.json';
import type organizerExhibitors from './locales/en/organizer-exhibitors.json';
import type organizerImport from './locales/en/organizer-import.json';
import type organizerIntegrations from './locales/en/organizer-integrations.json';
import type organizerPeople from './locales/en/organizer-people.json';
import type organizerProgramme from './locales/en/organizer-programme.json';
import type organizerTypes from './locales/en/organizer-types.json';
import type printErrors from './locales/en/print-errors.json';
import type richText from './locales/en/rich-text.json';
import type shell from './locales/en/shell.json';
import type system from './locales/en/system.json';
import type ticket from './locales/en/ticket.json';

/** Every English key, from the catalogue files themselves: the other languages follow English. */
export type EnglishCatalogue = typeof access &
  typeof account &
  typeof agenda &
  typeof attendees &
  typeof chat &
  typeof checkin &
  typeof contacts &
  typeof expo &
  typeof lobby &
  typeof meetings &
  typeof organizer &
  typeof organizerProgramme &
  typeof organizerPeople &
  typeof organizerImport &
  typeof organizerTypes &
  typeof organizerExhibitors &
  typeof organizerIntegrations &
  typeof organizerBadges &
  typeof printErrors &
  typeof richText &
  typeof shell &
  typeof ticket &
  typeof system;

type CatalogueKey = keyof EnglishCatalogue & string;
/** `t('x', { count })` picks `x_one` / `x_other`: the base of a plural key is a key too. */
type PluralBase<K extends string> =
  K extends `${infer Base}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? Base : never;

/** A key of the catalogue: `t('missing.key')` does not compile. */
export type TranslationKey = CatalogueKey | PluralBase<CatalogueKey>;
