import { addCatalogue } from '../../i18n';
import en from '../../i18n/locales/en/organizer.json';
import enBadges from '../../i18n/locales/en/organizer-badges.json';
import enExhibitors from '../../i18n/locales/en/organizer-exhibitors.json';
import enImport from '../../i18n/locales/en/organizer-import.json';
import enIntegrations from '../../i18n/locales/en/organizer-integrations.json';
import enPeople from '../../i18n/locales/en/organizer-people.json';
import enProgramme from '../../i18n/locales/en/organizer-programme.json';
import enTypes from '../../i18n/locales/en/organizer-types.json';

// The console's English texts travel with its lazy chunk, not the first route (see i18n/index.ts).
// One file per console area, so the areas grow without touching each other's catalogue.
addCatalogue('en', {
  ...en,
  ...enProgramme,
  ...enPeople,
  ...enImport,
  ...enTypes,
  ...enExhibitors,
  ...enIntegrations,
  ...enBadges,
});
