import { addCatalogue } from '../../../i18n';
import en from '../../../i18n/locales/en/contacts.json';

// The leads' texts live in the contacts catalogue (scanning is one concern); English travels with
// this lazy chunk, the other languages load with the rest of their catalogue (see i18n/index.ts).
addCatalogue('en', en);
