import type { UpdateProfileRequest, UserProfile } from '@foyer/contract';

/** Why the modal is open: a new user got the device zone, zones differ, or the user asked. */
export type TimezoneModalMode = 'new' | 'differs' | 'manual';

/** What the modal's two buttons do: each names the zone the profile ends up with. */
export interface TimezoneChoices {
  /** "Keep <zone>": the profile keeps this zone; null when the button only cancels (manual). */
  keep: string | null;
  /** Keeping records the pair of zones, so the same pair is not asked about again (A4.27). */
  remember: boolean;
  /** "Use <zone>": the zone saved to the profile (A8.35); null while that would change nothing. */
  use: string | null;
  /** A list to pick another zone from; not when the question is simply this zone or that one. */
  picker: boolean;
}

/**
 * A4.24, A4.26, A4.27: when the zones differ the choice is "Use <device zone>" (saved) or "Keep
 * <profile zone>" (remembered for this pair). A new account already got the device zone: it keeps
 * it, or picks another and uses that. From the profile drawer: pick a zone and use it, or cancel.
 */
export function timezoneChoices(
  mode: TimezoneModalMode,
  userTimezone: string | null,
  local: string,
  picked: string | null,
): TimezoneChoices {
  if (mode === 'differs') {
    return { keep: userTimezone ?? local, remember: true, use: local, picker: false };
  }
  const current = mode === 'new' ? (userTimezone ?? local) : userTimezone;
  return {
    keep: mode === 'new' ? current : null,
    remember: false,
    use: picked && picked !== current ? picked : null,
    picker: true,
  };
}

/** A4.27: the profile update that records "keep this zone on a device in that one". */
export function rememberKept(
  profile: Pick<UserProfile, 'name' | 'surname'>,
  userTimezone: string,
  local: string,
): UpdateProfileRequest {
  return {
    action: 'profile',
    name: profile.name,
    surname: profile.surname,
    uiSettings: { timezoneCheck: { userTimezone, localTimezone: local } },
  };
}
