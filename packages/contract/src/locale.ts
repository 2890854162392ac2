import { z } from 'zod';
import { LOCALES } from './constants';

/** A9.31: one of the interface languages (kept apart from constants.ts, which must not import zod). */
export const localeSchema = z.enum(LOCALES);
