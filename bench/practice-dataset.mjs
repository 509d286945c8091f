// A seeded practice for `pnpm bench` (issue #13): one subscribed therapist with practice settings,
// the three suggested services (fees filled in) and N realistic clients, written through
// node-appwrite into a running Appwrite (the emulator the bench starts). Same seed, same practice.
//
// Every document is what mf-dashboard writes: its fields come out of mf-dashboard's own zod
// schemas (clientSchemaFor, serviceSchema, practiceSettingsSchema, loaded through tsx) and carry
// ownerPermissions(userId) (read/update/delete for `user:<id>` only), so ownedBy() accepts them.
// The server key's bulk createDocuments (100 a request, a few requests in flight) makes 2,000
// clients take about a second instead of 2,000 round trips.
//
// Later issues add their data as more entries of PRACTICE_PARTS (appointments, notes, ledger):
// a part gets the context below, reads what earlier parts made from `practice`, and writes
// with `createAll`.
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { tsImport } from 'tsx/esm/api';
import { occurrencesBetween } from '../backend/functions/lib/recurrence.js';
import { root, THERAPIST_LABELS } from './apps.mjs';

// node-appwrite is installed for the e2e package (and the emulator's tests), not at the root.
const { Client, Databases, ID, Permission, Role, Users } = createRequire(path.join(root, 'e2e/package.json'))('node-appwrite');

const schemas = async () => {
  const load = (file) => tsImport(path.join(root, 'mf-dashboard/src', file), import.meta.url);
  const [clients, services, settings] = await Promise.all([load('clients/client-schema.ts'), load('practice/services.ts'), load('practice/practice-settings.ts')]);
  return { ...clients, ...services, ...settings };
};

export const DEFAULT_SEED = 13;
export const DEFAULT_CLIENTS = 2000;
/** Issue 14: three years of weekly appointments (~50,000 at 2,000 clients: 16% of them, 156 weeks). */
export const APPOINTMENT_WEEKS = 156;
const WEEKLY_SHARE = 0.16;
/** A session's note is signed this long after it ends (capped at the seeding's now). */
const SIGNED_AFTER_MS = 24 * 3_600_000;
/** Appwrite's APP_LIMIT_DATABASE_BATCH: documents per bulk request. */
const BATCH = 100;
const IN_FLIGHT = 4;
/** spec §4: a profile is complete once its password was set more than 5 s after registration. */
const PROFILE_RULE_MS = 5_500;

/** mulberry32: small, fast and the same on every machine. */
export function seededRandom(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min, max) => min + Math.floor(next() * (max - min + 1));
  const pick = (list) => list[Math.floor(next() * list.length)];
  const chance = (p) => next() < p;
  /** `weights` as { value: weight }. */
  const weighted = (weights) => {
    const entries = Object.entries(weights);
    let roll = next() * entries.reduce((sum, [, w]) => sum + w, 0);
    for (const [value, w] of entries) {
      roll -= w;
      if (roll < 0) return value;
    }
    return entries.at(-1)[0];
  };
  const some = (list, count) => {
    const pool = [...list];
    const chosen = [];
    while (chosen.length < count && pool.length > 0) chosen.push(pool.splice(Math.floor(next() * pool.length), 1)[0]);
    return chosen;
  };
  return { next, int, pick, chance, weighted, some };
}

// A US caseload's worth of names, with the spellings search must cope with: accents (Zoë, José),
// apostrophes and hyphens (O'Brien, García-López), short and long.
const FIRST_NAMES = [
  'Aaliyah', 'Aaron', 'Abigail', 'Adam', 'Adrián', 'Aisha', 'Alejandro', 'Alexander', 'Alexis', 'Amara', 'Amelia', 'Ana', 'Andre', 'Andrew',
  'Angela', 'Anthony', 'Aria', 'Ashley', 'Ava', 'Benjamin', 'Bianca', 'Brandon', 'Brianna', 'Caleb', 'Camila', 'Carlos', 'Caroline', 'Catherine',
  'Charles', 'Chloe', 'Christopher', 'Daniel', 'David', 'Deja', 'Diego', 'Dylan', 'Elena', 'Elijah', 'Elizabeth', 'Emily', 'Emma', 'Ethan',
  'Fatima', 'Gabriel', 'Grace', 'Hannah', 'Hiroshi', 'Imani', 'Isabella', 'Jacob', 'James', 'Jasmine', 'Jennifer', 'Jessica', 'Jonathan',
  'José', 'Joseph', 'Joshua', 'Julia', 'Kai', 'Katherine', 'Kevin', 'Keisha', 'Laura', 'Leah', 'Liam', 'Lucas', 'Madison', 'Malik', 'Margaret',
  'María', 'Matthew', 'Maya', 'Mei', 'Michael', 'Mia', 'Mohammed', 'Nadia', 'Natalie', 'Nathaniel', 'Nicholas', 'Noah', 'Olivia', 'Omar',
  'Patricia', 'Priya', 'Rachel', 'Rebecca', 'Robert', 'Rohan', 'Samantha', 'Samuel', 'Sarah', 'Sofía', 'Sophia', 'Stephanie', 'Thomas',
  'Timothy', 'Valentina', 'Victoria', 'William', 'Xavier', 'Yusuf', 'Zoë',
];
const NICKNAMES = {
  Alexander: 'Alex', Andrew: 'Drew', Benjamin: 'Ben', Catherine: 'Cat', Charles: 'Charlie', Christopher: 'Chris', Daniel: 'Dan', David: 'Dave',
  Elizabeth: 'Liz', Jennifer: 'Jen', Jessica: 'Jess', Jonathan: 'Jon', Joseph: 'Joe', Joshua: 'Josh', Katherine: 'Kate', Margaret: 'Maggie',
  Matthew: 'Matt', Michael: 'Mike', Nathaniel: 'Nate', Nicholas: 'Nick', Patricia: 'Trish', Rebecca: 'Becca', Robert: 'Bob', Samantha: 'Sam',
  Samuel: 'Sam', Stephanie: 'Steph', Thomas: 'Tom', Timothy: 'Tim', Victoria: 'Tori', William: 'Will',
};
const LAST_NAMES = [
  'Adams', 'Ahmed', 'Allen', 'Anderson', 'Baker', 'Bennett', 'Brooks', 'Brown', 'Campbell', 'Carter', 'Castillo', 'Chen', 'Clark', 'Collins',
  'Cooper', 'Cruz', 'Davis', 'Diaz', 'Edwards', 'Evans', 'Fischer', 'Flores', 'Foster', 'García', 'García-López', 'Gomez', 'Gonzalez', 'Gray',
  'Green', 'Hall', 'Harris', 'Hernández', 'Hill', 'Hoang', 'Hughes', 'Jackson', 'James', 'Johnson', 'Jones', 'Kelly', 'Khan', 'Kim', 'King',
  'Kowalski', 'Lee', 'Lewis', 'Li', 'Lopez', 'Martin', 'Martinez', 'Mitchell', 'Moore', 'Morales', 'Morgan', 'Murphy', 'Nakamura', 'Nelson',
  'Nguyen', "O'Brien", "O'Connor", 'Okafor', 'Ortiz', 'Parker', 'Patel', 'Perez', 'Peterson', 'Phillips', 'Price', 'Ramirez', 'Reed', 'Reyes',
  'Richardson', 'Rivera', 'Roberts', 'Robinson', 'Rodriguez', 'Rogers', 'Ross', 'Russell', 'Sanchez', 'Santos', 'Schmidt', 'Scott', 'Shah',
  'Singh', 'Smith', 'Smith-Jones', 'Stewart', 'Sullivan', 'Tanaka', 'Taylor', 'Thomas', 'Thompson', 'Torres', 'Turner', 'Walker', 'Wang',
  'Ward', 'Washington', 'Watson', 'White', 'Williams', 'Wilson', 'Wong', 'Wright', 'Yamamoto', 'Young', 'Zhang', 'Zimmermann',
];
const PRONOUNS = ['she/her', 'he/him', 'they/them', 'she/they', 'he/they'];
const EMAIL_DOMAINS = ['example.com', 'example.net', 'example.org', 'mail.example', 'inbox.example'];
const AREA_CODES = ['212', '312', '415', '503', '617', '646', '718', '773', '917', '206'];
const CITIES = [
  ['Brooklyn', 'NY', '112'], ['New York', 'NY', '100'], ['Chicago', 'IL', '606'], ['San Francisco', 'CA', '941'], ['Portland', 'OR', '972'],
  ['Boston', 'MA', '021'], ['Seattle', 'WA', '981'], ['Jersey City', 'NJ', '073'],
];
const STREETS = ['Maple Ave', 'Oak St', 'Park Pl', 'Washington Blvd', 'Cedar Ln', 'Elm St', 'Lakeview Dr', 'Bedford Ave', 'Main St', 'Pine St'];
const TAGS = ['telehealth', 'in person', 'sliding scale', 'couples', 'family', 'adolescent', 'EMDR', 'CBT', 'DBT', 'waitlist', 'Aetna', 'BCBS', 'self-pay', 'Spanish', 'evening only', 'grief', 'trauma'];
const DIAGNOSES = ['F41.1', 'F32.1', 'F33.1', 'F43.10', 'F43.23', 'F42.2', 'F90.0', 'F40.10', 'F50.00', 'F31.81', 'Z63.0', 'F34.1'];
const RELATIONSHIPS = ['Spouse', 'Partner', 'Mother', 'Father', 'Sister', 'Brother', 'Friend', 'Daughter', 'Son'];
const REFERRALS = ['Psychology Today', 'Primary care physician', 'Friend or family', 'Insurance directory', 'Website', 'Former client', 'School counselor'];
const NOTES = ['Prefers morning sessions.', 'Billing contact is the parent.', 'Ask before leaving voicemail.', 'Superbill monthly.', 'Moved from weekly to biweekly.'];

const asciiFold = (text) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9]/g, '');
const pad = (n, width) => String(n).padStart(width, '0');

function phoneNumber(random) {
  // 555-01xx is reserved for fiction; written the several ways people write numbers.
  const [area, line] = [random.pick(AREA_CODES), `01${pad(random.int(0, 99), 2)}`];
  return random.weighted({ [`(${area}) 555-${line}`]: 6, [`${area}-555-${line}`]: 3, [`+1 ${area} 555 ${line}`]: 1 });
}

/** One client as a person would type it into the form; the client schema turns it into the document. */
function clientInput(random, i, serviceIds, usedEmails) {
  const firstName = random.pick(FIRST_NAMES);
  const lastName = random.pick(LAST_NAMES);
  const status = random.weighted({ active: 60, prospective: 8, inactive: 20, discharged: 12 });
  const born = new Date(Date.UTC(random.int(1946, 2012), random.int(0, 11), random.int(1, 28)));
  let email = null;
  if (random.chance(0.9)) {
    const base = `${asciiFold(firstName)}.${asciiFold(lastName)}`;
    // Unique, as the duplicate check on create would have it.
    email = `${base}${usedEmails.has(base) ? i : ''}@${random.pick(EMAIL_DOMAINS)}`;
    usedEmails.add(base);
  }
  const [city, state, zip] = random.pick(CITIES);
  const hasAddress = random.chance(0.7);
  const hasEmergency = random.chance(0.5);
  return {
    firstName,
    lastName,
    preferredName: NICKNAMES[firstName] && random.chance(0.4) ? NICKNAMES[firstName] : null,
    pronouns: random.chance(0.6) ? random.pick(PRONOUNS) : null,
    dateOfBirth: born.toISOString().slice(0, 10),
    email,
    phone: random.chance(0.92) ? phoneNumber(random) : null,
    addressLine1: hasAddress ? `${random.int(1, 999)} ${random.pick(STREETS)}` : null,
    addressLine2: hasAddress && random.chance(0.25) ? `Apt ${random.int(1, 24)}${random.pick(['A', 'B', 'C', ''])}` : null,
    city: hasAddress ? city : null,
    state: hasAddress ? state : null,
    postalCode: hasAddress ? `${zip}${pad(random.int(0, 99), 2)}` : null,
    status,
    tags: random.some(TAGS, Number(random.weighted({ 0: 3, 1: 4, 2: 2, 3: 1 }))),
    emergencyContactName: hasEmergency ? `${random.pick(FIRST_NAMES)} ${random.chance(0.6) ? lastName : random.pick(LAST_NAMES)}` : null,
    emergencyContactRelationship: hasEmergency ? random.pick(RELATIONSHIPS) : null,
    emergencyContactPhone: hasEmergency ? phoneNumber(random) : null,
    defaultServiceId: random.chance(0.85) ? serviceIds[random.weighted({ 0: 1, 1: 6, 2: 3 })] : null,
    // Sliding scale: a fee in whole dollars, as minor units.
    feeOverride: random.chance(0.15) ? random.int(6, 14) * 1000 : null,
    currency: 'USD',
    diagnosisCodes: status === 'prospective' ? [] : random.some(DIAGNOSES, Number(random.weighted({ 1: 6, 2: 3, 3: 1 }))),
    reminderConsent: email !== null && random.chance(0.75),
    referralSource: random.chance(0.6) ? random.pick(REFERRALS) : null,
    adminNotes: random.chance(0.1) ? random.pick(NOTES) : null,
  };
}

/** The practice's settings document, as /dashboard/practice saves it. */
async function settingsPart({ schemas: s, createAll }) {
  const settings = s.practiceSettingsSchema.parse({
    practiceName: 'Riverside Counseling',
    therapistName: 'Maya Okafor',
    credentials: 'LCSW',
    npi: '1234567893',
    taxId: '12-3456789',
    addressLine1: '120 Bedford Ave',
    addressLine2: 'Suite 4',
    city: 'Brooklyn',
    state: 'NY',
    postalCode: '11211',
    phone: '(718) 555-0100',
    timeZone: 'America/New_York',
    currency: 'USD',
    cancellationWindowHours: 24,
    lateCancelFeeType: 'percent',
    lateCancelFeePercent: 50,
    noShowFeeType: 'fixed',
    noShowFeeAmount: '$75',
    reminderLeadHours: 24,
    defaultNoteTemplate: 'soap',
  });
  const [document] = await createAll('practiceSettings', [settings]);
  return { settings: document };
}

/** The three suggested services with the fees the therapist filled in before first use. */
async function servicesPart({ schemas: s, createAll }) {
  const fees = { '90791': '$200', '90834': '$150', '90837': '$190' };
  const services = s.suggestedServices('USD').map((service, sortOrder) => ({
    ...s.serviceSchema.parse({ ...service, fee: fees[service.serviceCode] }),
    sortOrder,
  }));
  return { services: await createAll('services', services) };
}

async function clientsPart({ schemas: s, createAll, random, options, practice }) {
  const serviceIds = practice.services.map((service) => service.$id);
  const usedEmails = new Set();
  const clients = Array.from({ length: options.clients }, (_, i) => s.clientSchemaFor('US').parse(clientInput(random, i, serviceIds, usedEmails)));
  return { clients: await createAll('clients', clients) };
}

/** Issue 16: the share of late-cancel and no-show fees the therapist waives. */
const WAIVED_SHARE = 0.3;
/** What a past appointment became (a full practice: mostly attended). */
const PAST_STATUSES = { show: 84, cancelled: 5, late_cancelled: 4, no_show: 3, clinician_cancelled: 2, scheduled: 2 };

/**
 * Issue 14: weekly series for a share of the clients, each three years long (130 weeks back, 26
 * ahead) at its own weekday and time in the practice's zone, every occurrence an appointment
 * document as schedule-series writes it (the series' id and the day as its id, the fee that
 * applies); past ones attended or not, most attended ones with a signed note. Written with the key
 * in bulk: what schedule-series and extend-series would have written over three years.
 */
async function appointmentsPart({ schemas: s, createAll, random, options, practice, therapist }) {
  const { timeZone } = practice.settings;
  const weeks = options.appointmentWeeks;
  const now = Date.now();
  const from = now - (weeks - 26) * 7 * 86_400_000;
  const until = now + 26 * 7 * 86_400_000;
  const weekdays = ['MO', 'TU', 'WE', 'TH', 'FR'];
  const services = new Map(practice.services.map((service) => [service.$id, service]));
  const weekly = random.some(practice.clients.filter((client) => client.status !== 'prospective'), Math.round(practice.clients.length * WEEKLY_SHARE));
  const firstDay = new Date(from).toISOString().slice(0, 10);
  const series = [];
  const appointments = [];
  for (const client of weekly) {
    const service = services.get(client.defaultServiceId) ?? practice.services[1];
    const seriesId = ID.unique();
    const time = `${String(random.int(8, 19)).padStart(2, '0')}:${random.pick(['00', '30'])}:00`;
    const timing = { dtstart: `${firstDay}T${time}`, timeZone, durationMinutes: service.durationMinutes, rrule: `FREQ=WEEKLY;BYDAY=${random.pick(weekdays)}` };
    const fee = client.feeOverride ?? service.fee;
    const feeCurrency = client.feeOverride !== null ? client.currency : service.currency;
    series.push({
      $id: seriesId, clientId: client.$id, serviceId: service.$id, ...timing, locationType: 'office', generatedUntil: new Date(until).toISOString(),
    });
    for (const occurrence of occurrencesBetween(timing, from - 1, until)) {
      const past = Date.parse(occurrence.end) < now;
      const status = past ? random.weighted(PAST_STATUSES) : 'scheduled';
      const history = [{ status: 'scheduled', at: new Date(from).toISOString(), by: therapist.$id }];
      if (status !== 'scheduled') history.push({ status, at: occurrence.end, by: therapist.$id });
      // Issue 16: the fee that applies once the status is set (use-set-status's statusChange), some
      // late-cancel and no-show fees waived — what attendance-charges bills (the ledger part).
      const policy = status === 'late_cancelled' ? s.lateCancelPolicy(practice.settings) : status === 'no_show' ? s.noShowPolicy(practice.settings) : null;
      const feeAmount = policy ? s.policyFee(policy, fee) : ['cancelled', 'clinician_cancelled'].includes(status) ? null : fee;
      const feeWaived = policy !== null && random.chance(WAIVED_SHARE);
      const noteState = status === 'show' ? (random.chance(0.9) ? 'signed' : 'draft') : 'none';
      appointments.push({
        $id: `${seriesId}_${occurrence.localDate.replaceAll('-', '')}`, clientId: client.$id, serviceId: service.$id, seriesId,
        start: occurrence.start, end: occurrence.end, status, locationType: 'office', feeAmount, currency: feeCurrency,
        feeWaived, feeWaivedReason: feeWaived ? 'First time: waived' : null,
        statusHistory: history.map((entry) => JSON.stringify(entry)),
        noteState,
        // sign-note wrote the mark when it signed the note, a day after the session: the last write.
        ...(noteState === 'signed' ? { $updatedAt: new Date(Math.min(now, Date.parse(occurrence.end) + SIGNED_AFTER_MS)).toISOString() } : {}),
      });
    }
  }
  return { series: await createAll('appointment_series', series), appointments: await createAll('appointments', appointments) };
}

/** Issue 16: how a client pays (the payment-plan client is chosen apart: the one with the most sessions). */
const PAYER_STYLES = { perSession: 35, insurance: 45, monthly: 12, irregular: 8 };
const VOID_SHARE = 0.015;
const PAYMENT_PLAN_INSTALLMENTS = 8;

/**
 * Issue 16: three years of money for the appointments above — what attendance-charges and the
 * ledger function would have written: each past attended session's fee (late cancellations and
 * no-shows their policy fee unless waived), and payments by each client's habit — per session by
 * card, insurance (a copay, the insurer's payment weeks later and a contractual write-off), a
 * monthly check, irregular cash, and one client on a payment plan (~1,000 entries: installments)
 * — with a few payments entered twice and voided. Payments carry their allocations (oldest open
 * charge first, as lib/ledger.js allocate does); ids come from the functions' idempotency keys;
 * every entry read("user:<id>") only. Then each client's client_balances, computed by
 * computeBalance, and the practice's ledger_totals (lib/ledger-totals.js). Written with the key in bulk.
 */
async function ledgerPart({ upsertAll, random, practice, therapist }) {
  const { computeBalance, ledgerEntryId, wantedAttendanceCharge } = await import('../backend/functions/lib/ledger.js');
  const { balanceData } = await import('../backend/functions/lib/money-store.js');
  const { practiceTotals, totalsDocumentId } = await import('../backend/functions/lib/ledger-totals.js');
  const { timeZone, currency } = practice.settings;
  const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const today = day.format(new Date());
  const addDays = (date, n) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  const readOnly = [Permission.read(Role.user(therapist.$id))];
  const past = new Map();
  for (const appointment of practice.appointments) {
    if (appointment.status === 'scheduled' || Date.parse(appointment.end) > Date.now()) continue;
    const list = past.get(appointment.clientId) ?? [];
    list.push(appointment);
    past.set(appointment.clientId, list);
  }
  const shows = (list) => list.filter((a) => a.status === 'show').length;
  const planClient = [...past.entries()].sort((x, y) => shows(y[1]) - shows(x[1]))[0]?.[0];
  const entries = [];
  const balances = [];
  let keyCount = 0;
  for (const [clientId, appointments] of past) {
    appointments.sort((x, y) => Date.parse(x.start) - Date.parse(y.start));
    const style = clientId === planClient ? 'plan' : random.weighted(PAYER_STYLES);
    const mine = [];
    const open = [];
    let sequence = 0;
    const add = (data) => {
      sequence += 1;
      const entry = {
        userId: therapist.$id, clientId, currency, ...data,
        $createdAt: new Date(Date.parse(`${data.date}T12:00:00Z`) + sequence).toISOString(), $permissions: readOnly,
      };
      mine.push(entry);
      return entry;
    };
    const events = [];
    const at = (date, run) => { if (date <= today) events.push({ date, order: events.length, run }); };
    const pay = (kind, type, amount, date, extra = {}) => {
      if (amount <= 0) return null;
      const allocations = [];
      let left = amount;
      for (const charge of open) {
        if (left === 0) break;
        if (charge.open === 0) continue;
        const applied = Math.min(charge.open, left);
        charge.open -= applied;
        left -= applied;
        allocations.push({ entryId: charge.$id, amount: applied });
      }
      keyCount += 1;
      return add({ $id: ledgerEntryId(therapist.$id, `seed:${keyCount}`), kind, type, amount: -amount, date, allocations: JSON.stringify(allocations), ...extra });
    };
    const payment = (type, amount, date, extra = {}) => {
      if (random.chance(VOID_SHARE)) {
        // Entered twice by mistake, and voided the same day: the reversal frees its allocations.
        const wrong = pay('payment', type, amount, date, extra);
        if (!wrong) return null;
        for (const a of JSON.parse(wrong.allocations)) open.find((c) => c.$id === a.entryId).open += a.amount;
        add({
          $id: ledgerEntryId(therapist.$id, `void:${wrong.$id}`), kind: 'payment', type, amount: -wrong.amount, date, reason: 'Entered twice', voidsEntryId: wrong.$id,
        });
      }
      return pay('payment', type, amount, date, extra);
    };
    const monthly = new Map();
    for (const appointment of appointments) {
      const date = day.format(new Date(appointment.start));
      // The charge attendance-charges makes for it (its status's fee, unless waived).
      const wanted = wantedAttendanceCharge(appointment);
      if (!wanted) continue;
      const { type, amount } = wanted;
      at(date, () => {
        const charge = add({
          $id: ledgerEntryId(therapist.$id, `attendance:${appointment.$id}:${appointment.statusHistory.length}`), kind: 'charge', type, amount, date, appointmentId: appointment.$id,
        });
        open.push({ $id: charge.$id, open: amount });
      });
      if (style === 'perSession' && random.chance(0.95)) at(date, () => payment('card', amount, date));
      if (style === 'insurance') {
        const copay = Math.min(amount, 2500);
        at(date, () => payment('card', copay, date));
        if (type === 'session_fee' && amount > copay) {
          const later = addDays(date, random.int(21, 45));
          const paid = Math.round(((amount - copay) * random.int(55, 75)) / 100);
          at(later, () => payment('insurance', paid, later, { reference: `EOB-${random.int(100000, 999999)}` }));
          at(later, () => pay('adjustment', 'write_off', amount - copay - paid, later, { reason: 'Contractual adjustment' }));
        }
      }
      if (style === 'monthly') {
        const first = addDays(`${date.slice(0, 7)}-01`, 32).slice(0, 7);
        monthly.set(first, (monthly.get(first) ?? 0) + amount);
      }
      if (style === 'irregular' && random.chance(0.4)) {
        const later = addDays(date, random.int(0, 20));
        const paid = random.int(2, 20) * 1000;
        at(later, () => payment('cash', paid, later));
      }
      if (style === 'plan') {
        const part = Math.floor(amount / PAYMENT_PLAN_INSTALLMENTS);
        for (let i = 0; i < PAYMENT_PLAN_INSTALLMENTS; i += 1) {
          const when = addDays(date, i);
          const share = i === PAYMENT_PLAN_INSTALLMENTS - 1 ? amount - part * (PAYMENT_PLAN_INSTALLMENTS - 1) : part;
          at(when, () => payment('cash', share, when));
        }
      }
    }
    for (const [month, total] of monthly) {
      const date = `${month}-01`;
      const paid = random.chance(0.9) ? total : Math.round(total * random.int(40, 90) / 100);
      at(date, () => payment('check', paid, date, { reference: String(random.int(1000, 9999)) }));
    }
    events.sort((x, y) => x.date.localeCompare(y.date) || x.order - y.order);
    for (const event of events) event.run();
    if (mine.length === 0) continue;
    entries.push(...mine);
    balances.push({ $id: clientId, $permissions: readOnly, ...balanceData(therapist.$id, clientId, mine, currency) });
    if (clientId === planClient && computeBalance(mine).balance !== mine.reduce((sum, e) => sum + e.amount, 0)) throw new Error('ledger seed: balance is not the sum');
  }
  const planEntries = entries.filter((e) => e.clientId === planClient).length;
  const totals = [...practiceTotals(entries)].map(([month, fields]) => ({ $id: totalsDocumentId(therapist.$id, month), $permissions: readOnly, month, currency, ...fields }));
  // Upserted: on a stack with events on (`npm start`), attendance-charges already wrote some of the
  // same charges (the same ids), their balances and totals as the appointments were created; these
  // are what it would have written, and the totals are recomputed from every entry (issue 35).
  return {
    ledgerEntries: await upsertAll('ledger_entries', entries),
    clientBalances: await upsertAll('client_balances', balances),
    ledgerTotals: await upsertAll('ledger_totals', totals),
    paymentPlanClient: { clientId: planClient, entries: planEntries },
  };
}

const NOTE_LINES = {
  subjective: ['Reports sleeping better since starting the wind-down routine.', 'Describes a stressful week at work; two panic attacks.', 'Mood steadier; fewer arguments at home.', 'Worried about an upcoming family visit.'],
  objective: ['Calm, engaged, good eye contact.', 'Tearful at times; speech normal in rate.', 'Restless early in the session, settled later.'],
  assessment: ['Anxiety symptoms reducing; GAD-7 down to 9.', 'Depressive symptoms stable; PHQ-9 at 11.', 'Progress toward goals; coping skills in use.'],
  plan: ['Continue CBT weekly; sleep diary for two weeks.', 'Practice grounding exercise daily; review next session.', 'Continue current plan; revisit goals in a month.'],
};

/**
 * Issue 15: the progress notes of the attended sessions — what the dashboard and sign-note would
 * have written. An appointment whose noteState is `signed` gets a signed SOAP note (signedAt when its
 * mark was written, a day after the session, the practice settings' signer, contentHash over lib/note-canonical.js's
 * canonical form, read("user:<id>") only) and its note_signatures document (id = the note's), a
 * `draft` one an unsigned draft. Written with the key in bulk.
 */
async function notesPart({ createAll, random, practice }) {
  const { noteContentHash } = await import('../backend/functions/lib/note-canonical.js');
  const { marksCheckAt } = await import('../backend/functions/lib/marks-check.js');
  const { therapistName, credentials } = practice.settings;
  const written = practice.appointments.filter((appointment) => appointment.noteState !== 'none');
  const notes = written.map((appointment) => {
    const content = JSON.stringify({ sections: Object.fromEntries(Object.entries(NOTE_LINES).map(([key, lines]) => [key, random.pick(lines)])), extra: [] });
    const fields = {
      $id: ID.unique(), appointmentId: appointment.$id, clientId: appointment.clientId, template: 'soap', content, riskLevel: 'none', riskDetails: null,
      interventions: random.some(['CBT', 'Mindfulness', 'Psychoeducation', 'Motivational interviewing'], random.int(1, 2)), goalsProgress: null, diagnosisCodes: ['F41.1'],
    };
    if (appointment.noteState !== 'signed') return { ...fields, status: 'draft', revision: random.int(1, 6) };
    const signature = { signedAt: new Date(appointment.$updatedAt).toISOString(), signerName: therapistName, signerCredentials: credentials ?? null };
    return { ...fields, ...signature, status: 'signed', revision: random.int(1, 6), contentHash: noteContentHash({ ...fields, ...signature }), $permissions: [Permission.read(Role.user(appointment.userId))] };
  });
  const progressNotes = await createAll('progress_notes', notes);
  // Made when the note was signed, each records how far sign-note had checked the marks (lib/marks-check.js).
  const signatures = progressNotes.filter((note) => note.status === 'signed').map((note) => ({
    $id: note.$id, noteId: note.$id, appointmentId: note.appointmentId, contentHash: note.contentHash, signedAt: note.signedAt, signerName: note.signerName,
    signerCredentials: note.signerCredentials, $permissions: [Permission.read(Role.user(note.userId))],
    $createdAt: note.signedAt, ...marksCheckAt(new Date(note.signedAt), []),
  }));
  return { progressNotes, noteSignatures: await createAll('note_signatures', signatures) };
}

/** In order; each part sees what the earlier ones made (`practice`). Later issues append theirs. */
export const PRACTICE_PARTS = [
  { name: 'practiceSettings', seed: settingsPart },
  { name: 'services', seed: servicesPart },
  { name: 'clients', seed: clientsPart },
  { name: 'appointments', seed: appointmentsPart },
  { name: 'ledger', seed: ledgerPart },
  { name: 'notes', seed: notesPart },
];

const COLLECTION_IDS = { practiceSettings: 'practice_settings', services: 'services', clients: 'clients' };

/** Runs `task` over `items` with at most `limit` running at once; results in order. */
async function pool(items, limit, task) {
  const results = new Array(items.length);
  let nextIndex = 0;
  const worker = async () => {
    while (nextIndex < items.length) {
      const index = nextIndex++;
      results[index] = await task(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Seeds one practice.
 * @param {{ endpoint: string, project?: string, key?: string, databaseId?: string, seed?: number,
 *   clients?: number, appointmentWeeks?: number, email?: string, password?: string, log?: (line: string) => void,
 *   afterPart?: (name: string, made: { practice: Record<string, unknown>, therapist: { $id: string } }) => Promise<void> }} options
 *   `endpoint` is the Appwrite API root, e.g. http://127.0.0.1:3301/v1. `appointmentWeeks` (156) is how
 *   long the weekly series run, 26 weeks of it ahead of now. `afterPart` runs after each part (a test
 *   waits there for what the stack's functions do with it).
 * @returns {Promise<{ therapist: { id: string, email: string, password: string, name: string },
 *   practice: Record<string, unknown>, counts: Record<string, number>, timings: Record<string, number>, totalMs: number }>}
 *   timings in ms per part, plus `therapist` (account set-up, mostly spec §4's 5 s wait, which
 *   overlaps the parts) and `documentsPerSec` of the parts' writes.
 */
export async function seedPractice(options) {
  const {
    endpoint, project = 'cadence', key = 'local-dev-key', databaseId = 'main', seed = DEFAULT_SEED, clients = DEFAULT_CLIENTS,
    appointmentWeeks = APPOINTMENT_WEEKS, password = 'bench-therapist-password', log = () => {},
  } = options;
  const started = performance.now();
  const server = new Client().setEndpoint(endpoint).setProject(project).setKey(key);
  const users = new Users(server);
  const databases = new Databases(server);
  const random = seededRandom(seed);
  const loadedSchemas = await schemas();
  const email = options.email ?? `therapist-${seed}-${Date.now().toString(36)}@example.test`;
  const name = 'Maya Okafor';

  const user = await users.create({ userId: ID.unique(), email, password: `${password}-initial`, name });
  await users.updateLabels({ userId: user.$id, labels: THERAPIST_LABELS });
  await users.updateEmailVerification({ userId: user.$id, emailVerification: true });
  const profileReady = (async () => {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(user.registration) + PROFILE_RULE_MS - Date.now())));
    await users.updatePassword({ userId: user.$id, password });
    return Math.round(performance.now() - started);
  })();

  const owner = Role.user(user.$id);
  const permissions = [Permission.read(owner), Permission.update(owner), Permission.delete(owner)];
  let written = 0;
  let writeMs = 0;
  /** Writes `documents` (schema output) of `collection` as the owner's, in bulk; the stored documents back, in order. */
  const createAll = async (collection, documents) => {
    const collectionId = COLLECTION_IDS[collection] ?? collection;
    const batches = [];
    for (let i = 0; i < documents.length; i += BATCH) batches.push(documents.slice(i, i + BATCH));
    const t = performance.now();
    const stored = await pool(batches, IN_FLIGHT, async (batch) => {
      const list = await databases.createDocuments({
        databaseId,
        collectionId,
        documents: batch.map((data) => ({ $id: ID.unique(), $permissions: permissions, ...data, userId: user.$id })),
      });
      return list.documents;
    });
    writeMs += performance.now() - t;
    written += documents.length;
    return stored.flat();
  };

  /** The same, as bulk upserts: documents someone else (an event-triggered function) wrote under the same ids are replaced. */
  const upsertAll = async (collection, documents) => {
    const collectionId = COLLECTION_IDS[collection] ?? collection;
    const batches = [];
    for (let i = 0; i < documents.length; i += BATCH) batches.push(documents.slice(i, i + BATCH));
    const t = performance.now();
    const stored = await pool(batches, IN_FLIGHT, async (batch) => {
      const list = await databases.upsertDocuments({ databaseId, collectionId, documents: batch.map((data) => ({ ...data, userId: user.$id })) });
      return list.documents;
    });
    writeMs += performance.now() - t;
    written += documents.length;
    return stored.flat();
  };

  const practice = {};
  const timings = {};
  const counts = {};
  for (const part of PRACTICE_PARTS) {
    const t = performance.now();
    const made = await part.seed({ schemas: loadedSchemas, createAll, upsertAll, random, options: { clients, appointmentWeeks }, practice, therapist: user });
    Object.assign(practice, made);
    timings[part.name] = Math.round(performance.now() - t);
    for (const [key, value] of Object.entries(made)) counts[key] = Array.isArray(value) ? value.length : 1;
    log(`  seeded ${part.name.padEnd(16)} ${timings[part.name]} ms`);
    await options.afterPart?.(part.name, { practice, therapist: user });
  }
  timings.documentsPerSec = Math.round(written / (writeMs / 1000));
  timings.therapist = await profileReady;
  const totalMs = Math.round(performance.now() - started);
  return { therapist: { id: user.$id, email, password, name }, practice, counts, timings, totalMs };
}

// `node bench/practice-dataset.mjs --endpoint http://127.0.0.1:4000/v1 [--clients 2000] [--seed 13]`:
// seeds a running Appwrite (e.g. `npm start`'s) and prints the therapist to sign in as.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      endpoint: { type: 'string', default: 'http://127.0.0.1:4000/v1' },
      clients: { type: 'string', default: String(DEFAULT_CLIENTS) },
      seed: { type: 'string', default: String(DEFAULT_SEED) },
      email: { type: 'string' },
    },
  });
  const result = await seedPractice({ endpoint: values.endpoint, clients: Number(values.clients), seed: Number(values.seed), email: values.email, log: console.log });
  console.log(JSON.stringify({ therapist: result.therapist, counts: result.counts, timings: result.timings, totalMs: result.totalMs }, null, 2));
}
