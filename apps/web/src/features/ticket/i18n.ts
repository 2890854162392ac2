import { addCatalogue } from '../../i18n';
import en from '../../i18n/locales/en/ticket.json';

// This area's English texts travel with its lazy chunk, not the first route (see i18n/index.ts).
addCatalogue('en', en);
