/**
 * Realistic attendees for the benchmarks: names, companies and job titles drawn from varied lists
 * (several languages, a long tail), so that name prefixes typed by a user match a realistic share of
 * the event — a few letters match thousands, a whole surname a handful — and queries differ from one
 * request to the next, as people typing do. Deterministic (seeded), so runs compare.
 */
import { type QueryExecutorProvider, sql } from 'kysely';
import { random } from '../../apps/server/test/random';

const FIRST =
  `Ada Adam Adrian Ahmet Aisha Akira Alba Alejandro Alex Alice Amir Ana Anders Andrea Anna Anton Arjun
Astrid Ayşe Barbara Ben Bianca Boris Bruno Camille Carlos Carmen Chen Chiara Chloe Christian Clara Daniel Dana Daria
David Deniz Diego Dmitri Elena Elif Elias Emily Emir Emma Erik Ewa Fatima Felix Fernando Finn Francesca Gabriel Georg
Grace Hana Hannah Hiro Hugo Ibrahim Igor Ines Irina Isabel Ivan Jakob Jana Javier Jin Johan Jonas Julia Kai Kamila
Karim Katarzyna Kemal Kenji Klara Lars Laura Lea Leon Lin Lucas Lucia Luis Maja Malik Marco Maria Marta Mateo Max Maya
Mehmet Mia Mikhail Mina Mohammed Nadia Nina Noah Nora Olga Oliver Omar Oscar Paula Pedro Pierre Priya Quinn Rafael Ravi
Rosa Ruth Sakura Sam Sara Selin Sergei Sofia Stefan Svetlana Tariq Tatiana Theo Tom Ulla Valentina Victor Wei Yara
Yusuf Zeynep Zoe`.split(/\s+/);

const LAST =
  `Abe Acar Adams Aksoy Alvarez Andersen Arslan Bauer Becker Berg Bianchi Blanc Brown Bruno Carter Castro
Chen Costa Cruz Demir Dubois Dumont Eriksson Esposito Fischer Fontaine Garcia Gomez Greco Gruber Hansen Hartmann
Herrera Hoffmann Horvat Ivanov Ivanova Jansen Jensen Johansson Kaya Keller Kim Klein Koch Kowalski Kozlov Kurt Lambert
Larsen Laurent Lee Lewis Lindberg Lopez Martin Martinez Meyer Moreau Morozov Moretti Muller Murphy Nakamura Nguyen
Nielsen Novak Nowak Ozturk Park Pavlov Perez Petrov Popescu Popov Quintero Ramos Ricci Rivera Rodriguez Romano Rossi
Russo Sahin Santos Sato Schmidt Schneider Schulz Silva Smirnov Smith Sokolova Suzuki Takahashi Tanaka Taylor Torres
Turner Vargas Vasquez Volkov Wagner Walker Wang Weber Wilson Wolf Wright Yamamoto Yildiz Yilmaz Young Zhang Zimmermann`.split(
    /\s+/,
  );

const COMPANY_STEM =
  `Acme Aero Alpine Apex Arc Atlas Aurora Beacon Blue Bold Bright Cedar Cloud Coral Crest Delta Echo
Ember Falcon Flux Forge Frontier Globe Granite Harbor Helix Horizon Hydra Indigo Iron Jade Juniper Kite Lumen Lunar
Maple Meridian Mosaic Nexus Nimbus Nova Oak Orbit Pine Pixel Polar Prism Quantum Quartz Radiant River Sage Sierra
Silver Solar Spark Spruce Stellar Summit Terra Tidal Titan Vector Velvet Vertex Violet Vista Wave Zenith`.split(
    /\s+/,
  );
const COMPANY_KIND = [
  'Software',
  'Labs',
  'Capital',
  'Health',
  'Energy',
  'Logistics',
  'Media',
  'Systems',
  'Foods',
  'Bank',
];

const JOBS =
  `Software Engineer|Product Manager|CEO|CTO|Founder|Co-founder|Investor|Partner|Sales Director|Account
Executive|Designer|UX Researcher|Data Scientist|Data Engineer|Marketing Lead|Growth Manager|Consultant|Analyst|
Head of Sales|Head of Marketing|Engineering Manager|Business Developer|Operations Manager|Procurement Lead|Recruiter|
HR Director|Journalist|Student|Professor|Researcher|Legal Counsel|Financial Controller|Architect|Project Manager|
Customer Success Manager|DevOps Engineer|Security Engineer|Community Manager|Event Manager|Policy Advisor`
    .split('|')
    .map((s) => s.replace(/\s+/g, ' ').trim());

const OFFERS = [
  'seed funding',
  'software development',
  'cloud hosting',
  'legal advice',
  'marketing services',
  'hiring talent',
  'data analytics',
  'mentoring',
  'logistics',
  'payments',
  'design',
  'partnerships',
];

export { random };

const pick = <T>(rnd: () => number, list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
/** Skewed towards the start of the list, as real name frequencies are. */
const pickSkewed = <T>(rnd: () => number, list: readonly T[]): T =>
  list[Math.floor(rnd() * rnd() * list.length)] as T;

export interface Person {
  name: string;
  surname: string;
  company: string;
  jobTitle: string;
  offer: string;
  seek: string;
}

export function person(i: number): Person {
  const rnd = random(i * 7919 + 13);
  return {
    name: pickSkewed(rnd, FIRST),
    surname: pickSkewed(rnd, LAST),
    company: `${pick(rnd, COMPANY_STEM)} ${pick(rnd, COMPANY_KIND)}`,
    jobTitle: pick(rnd, JOBS),
    offer: pick(rnd, OFFERS),
    seek: pick(rnd, OFFERS),
  };
}

export interface PeopleSeed {
  eventId: number;
  typeIds: number[];
  categoryIds: number[];
  boothIds: number[];
  /** Unique per run, for e-mail addresses. */
  run: number;
}

/** Inserts `count` attendees of `person(i)` into the event, in set-based batches. */
export async function insertPeople(
  db: QueryExecutorProvider,
  seedInfo: PeopleSeed,
  count: number,
  onBatch?: (done: number) => void,
): Promise<void> {
  const BATCH = 5000;
  for (let from = 1; from <= count; from += BATCH) {
    const to = Math.min(count, from + BATCH - 1);
    const rows = Array.from({ length: to - from + 1 }, (_, k) => person(from + k));
    const col = (f: (p: Person) => string) => sql.val(rows.map(f));
    const { eventId: e, typeIds, categoryIds, boothIds, run } = seedInfo;
    await sql`
      INSERT INTO participants (event_id, email, name, surname, company, job_title, offer, seek, type_id, category_ids,
                                state, booth_id, booth_role)
      SELECT ${e}, 'bench-' || ${run}::text || '-' || (${from}::int + o - 1) || '@foyer.test',
             n, s, c, j, ofr, sk,
             (${sql.val(typeIds)}::int[])[1 + o % ${typeIds.length}],
             ARRAY[(${sql.val(categoryIds)}::int[])[1 + (o / 3) % ${categoryIds.length}]],
             CASE WHEN o % 10 = 0 THEN 'inactive' ELSE 'active' END,
             CASE WHEN o % 200 = 0 THEN (${sql.val(boothIds)}::int[])[1 + (o / 200) % ${boothIds.length}] END,
             CASE WHEN o % 200 = 0 THEN 'owner' END
        FROM unnest(${col((p) => p.name)}::text[], ${col((p) => p.surname)}::text[], ${col((p) => p.company)}::text[],
                    ${col((p) => p.jobTitle)}::text[], ${col((p) => p.offer)}::text[], ${col((p) => p.seek)}::text[])
             WITH ORDINALITY AS x(n, s, c, j, ofr, sk, o)`.execute(db);
    onBatch?.(to);
  }
}

/**
 * What people type into the attendee search: prefixes (1 to all letters) of the names, surnames,
 * "name surname", companies and job titles of people in the event, in a random order; `count` of them.
 */
export function typedQueries(attendees: number, count: number, seed = 42): string[] {
  const rnd = random(seed);
  const out: string[] = [];
  while (out.length < count) {
    const p = person(1 + Math.floor(rnd() * attendees));
    const kind = rnd();
    const whole =
      kind < 0.35
        ? p.name
        : kind < 0.6
          ? p.surname
          : kind < 0.8
            ? `${p.name} ${p.surname}`
            : kind < 0.92
              ? p.company
              : p.jobTitle;
    // Typing: every length from 2 letters to the whole word(s) is as likely.
    const length = 2 + Math.floor(rnd() * Math.max(1, whole.length - 1));
    out.push(whole.slice(0, length).trim());
  }
  return out;
}
