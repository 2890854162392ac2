// The shell's time zone check and modal share the pickers' zone list with the account screens.
export { localTimezone, timezoneOptions } from '../../../lib/time-zones';
