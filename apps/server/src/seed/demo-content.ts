import type { RegistrationField } from '@foyer/contract';

/** Hand-written demo content: faker makes people, not believable programmes. */

export const DEMO_PASSWORD = 'foyer-demo';
export const DEMO_TIMEZONE = 'Europe/Istanbul';
export const DEMO_DOMAIN = 'demo';
export const DEMO_ATTENDEES = 320;
export const DEMO_SPEAKERS = 12;
export const DEMO_VIPS = 10;
export const FAKER_SEED = 2026;

export const LOGINS = {
  organizer: 'organizer@foyer.test',
  attendee: 'attendee@foyer.test',
  exhibitor: 'exhibitor@foyer.test',
} as const;

export const ORGANIZER_RIGHTS = { inviteparticipant: true, onbehalfmeeting: true, reserveatable: true };

export const DEMO_EVENT = {
  name: 'Foyer Demo Summit',
  description:
    'Two days of talks, workshops and one-to-one meetings for people building fintech, health and ' +
    'education products. Meet the speakers, visit the exhibitors and book meetings with other attendees, ' +
    'on site in Istanbul or online.',
  colors: { primary: '#1c4f8c', secondary: '#e8590c', background: '#f8f9fa' },
  images: { logo: '/demo/logo.svg', banner: '/demo/banner.svg', side_banner: '/demo/side-banner.svg' },
};

export const PAST_EVENT = {
  name: 'Foyer Autumn Forum',
  description: 'A one-day forum on community-led events. Thank you to everyone who joined us.',
  colors: { primary: '#5f3dc4' },
  // Its own banner: the past event is not the demo summit (issue 15).
  images: { logo: '/demo/logo.svg', banner: '/demo/past-banner.svg', side_banner: null },
};

export const PARTICIPANT_CATEGORIES = {
  Industry: ['Fintech', 'Health', 'Education', 'Retail', 'Energy', 'Media'],
  Interests: ['AI & Data', 'Sustainability', 'Investment', 'Marketing', 'Hiring', 'Partnerships'],
};

/** "Industry" is also a profile question: asked here once, it shows filled in the wizard. */
export const REGISTRATION_FORM: RegistrationField[] = [
  {
    fieldName: 'industry',
    label: 'Industry',
    type: 'select',
    required: true,
    dataList: PARTICIPANT_CATEGORIES.Industry,
    placeholder: 'Your industry',
  },
  {
    fieldName: 'dietary',
    label: 'Dietary requirements',
    type: 'text',
    required: false,
    placeholder: 'Dietary requirements',
  },
];

/** Higher priority ranks first in lists and decides who may invite whom. */
export const PARTICIPANT_TYPES = [
  { name: 'Attendee', ticket_type: 'Attendee', priority: 1, max_meeting_count: 10, at_registration: true },
  { name: 'Speaker', ticket_type: 'Speaker', priority: 3, max_meeting_count: null, at_registration: false },
  { name: 'Exhibitor', ticket_type: 'Exhibitor', priority: 2, max_meeting_count: 30, at_registration: false },
  { name: 'VIP', ticket_type: 'VIP', priority: 4, max_meeting_count: null, at_registration: false },
] as const;

export const BOOTH_CATEGORIES = { Sector: ['Fintech', 'Health', 'Education'] };

/** A2.71: the demo event's venue plan (served by the web app's public folder). */
export const DEMO_VENUE_MAP = '/demo/venue-map.svg';

export const LOCATIONS = [
  { name: 'Main Hall', capacity: 600, online: false },
  { name: 'Workshop Room', capacity: 80, online: false },
  { name: 'Online Stage', capacity: null, online: true },
] as const;

/** Where the demo's one-to-one meetings take place (the time slots' location). */
export const MEETING_POINT = 'Meeting Lounge, Hall B';

export const TRACKS = [
  { name: 'Keynotes', color: '#1c4f8c' },
  { name: 'Fintech', color: '#2b8a3e' },
  { name: 'Health', color: '#c2255c' },
  { name: 'Education', color: '#e8590c' },
] as const;

/** Per day, each slot runs one session per location. Hours are in the event's time zone. */
export const SLOTS = [
  { start: [9, 30], end: [10, 30] },
  { start: [11, 0], end: [12, 0] },
  { start: [14, 0], end: [15, 0] },
  { start: [15, 30], end: [16, 30] },
] as const;

/**
 * E3.08: the bookable one-to-one meeting slots (sessions of type meeting_slot), every 30 minutes
 * from 09:00 to 18:00 event time on each day, so both demo days offer times to meet.
 */
export const MEETING_SLOTS = { from: [9, 0], to: [18, 0], minutes: 30 } as const;

/** 24 sessions: 2 days x 4 slots x 3 locations, in that order. `track` indexes TRACKS. */
export const SESSIONS: { name: string; description: string; track: number }[] = [
  {
    name: 'Opening keynote: the year in networking',
    description: 'Where in-person and online events meet.',
    track: 0,
  },
  { name: 'Payments without borders', description: 'Cross-border payments for small businesses.', track: 1 },
  {
    name: 'Live: ask the founders',
    description: 'Three founders answer questions from the online audience.',
    track: 0,
  },
  {
    name: 'Open banking in practice',
    description: 'What two years of open APIs taught a retail bank.',
    track: 1,
  },
  {
    name: 'Workshop: designing for patients',
    description: 'Hands-on journey mapping with clinicians.',
    track: 2,
  },
  {
    name: 'Remote learning that sticks',
    description: 'Course design lessons from 40,000 online learners.',
    track: 3,
  },
  {
    name: 'Panel: funding health startups',
    description: 'Investors on what they look for in 2027.',
    track: 2,
  },
  {
    name: 'Workshop: fraud signals with small data',
    description: 'Build a fraud score in ninety minutes.',
    track: 1,
  },
  {
    name: 'Teachers as product partners',
    description: 'Co-designing classroom tools with teachers.',
    track: 3,
  },
  {
    name: 'Interoperable health records',
    description: 'Standards that made data sharing possible.',
    track: 2,
  },
  {
    name: 'Workshop: accessible course content',
    description: 'Make materials work for every learner.',
    track: 3,
  },
  { name: 'Day one wrap-up', description: 'Highlights and what to see tomorrow.', track: 0 },
  {
    name: 'Keynote: trust as a product feature',
    description: 'Privacy, safety and the products people keep.',
    track: 0,
  },
  {
    name: 'Embedded finance for platforms',
    description: 'Adding payments and lending to non-bank apps.',
    track: 1,
  },
  { name: 'Live: AI in the clinic', description: 'Doctors and engineers on decision support.', track: 2 },
  {
    name: 'Regulation sandbox stories',
    description: 'Three companies on testing with the regulator.',
    track: 1,
  },
  {
    name: 'Workshop: running a pilot in a hospital',
    description: 'From first meeting to signed pilot.',
    track: 2,
  },
  { name: 'Assessment without exams', description: 'Portfolio assessment at university scale.', track: 3 },
  {
    name: 'Panel: the future of learning platforms',
    description: 'Vendors and schools on what comes next.',
    track: 3,
  },
  {
    name: 'Workshop: pricing a B2B fintech product',
    description: 'Pricing models that survive procurement.',
    track: 1,
  },
  { name: 'Wearables and remote care', description: 'Continuous monitoring outside the hospital.', track: 2 },
  { name: 'Skills-based hiring in tech', description: 'Hiring for skills rather than degrees.', track: 3 },
  { name: 'Live: meet the exhibitors', description: 'A guided online tour of the exhibition.', track: 0 },
  { name: 'Closing keynote: what we build next', description: 'Ideas to take home, and thanks.', track: 0 },
];

export const BOOTHS = [
  {
    name: 'Ledgerline',
    booth_type: 'exhibitor',
    description: 'Real-time accounting for small businesses, with open banking built in.',
    website: 'https://ledgerline.example',
    location: 'Hall A, stand 12',
    logo: '/demo/booth-ledgerline.svg',
  },
  {
    name: 'CareBridge Health',
    booth_type: 'sponsor',
    description: 'Secure messaging and remote monitoring between patients and care teams.',
    website: 'https://carebridge.example',
    location: 'Hall A, stand 4',
    logo: '/demo/booth-carebridge.svg',
  },
  {
    name: 'Learnly',
    booth_type: 'partner',
    description: 'Course building and assessment tools for schools and universities.',
    website: 'https://learnly.example',
    location: 'Hall B, stand 2',
    logo: '/demo/booth-learnly.svg',
  },
] as const;
