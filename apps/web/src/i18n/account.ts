import { addCatalogue } from './index';
import en from './locales/en/account.json';

// The account area's English texts: the user feature's screens and the booth photo picker import
// this module, so they travel with those lazy chunks, not with the first route (see index.ts).
addCatalogue('en', en);
