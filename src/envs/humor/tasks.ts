// Shared office tasks a session can be about. Each task carries the slot values its lines are filled
// with, so the same line templates read differently (and retrieve differently) per topic.
import type { Rng } from "../../core/random.js";

export interface OfficeTask {
  id: string;
  /** What the two coworkers are doing, as a short phrase ("the quarterly budget spreadsheet"). */
  title: string;
  /** Nouns the task is about. */
  things: string[];
  /** Places in the office where it happens. */
  places: string[];
  /** People involved (third parties, never the two speakers). */
  people: string[];
  /** When it is due. */
  deadlines: string[];
  /** Odd details a partner can point out. */
  oddities: string[];
}

export const OFFICE_TASKS: OfficeTask[] = [
  {
    id: "budget",
    title: "the quarterly budget spreadsheet",
    things: ["the budget spreadsheet", "the travel column", "the pivot table", "the expense receipts", "the forecast tab"],
    places: ["the finance folder", "the shared drive", "the small conference room"],
    people: ["Priya from finance", "the CFO", "Martin in accounting"],
    deadlines: ["by Friday noon", "before the board call", "by end of day Thursday"],
    oddities: ["someone expensed forty-two staplers last quarter", "the totals row is formatted in Comic Sans", "there is a line item called 'miscellaneous vibes'"],
  },
  {
    id: "office_move",
    title: "moving the team to the fourth floor",
    things: ["the moving boxes", "the desk labels", "the seating chart", "the cable bins", "the floor plan"],
    places: ["the fourth floor", "the loading dock", "the old break room"],
    people: ["facilities", "Dana from IT", "the movers"],
    deadlines: ["before Monday", "by the weekend", "before the movers arrive at seven"],
    oddities: ["the floor plan puts a desk inside the elevator", "one box is labeled 'do not open, ever'", "there is a single ficus that nobody claims"],
  },
  {
    id: "party",
    title: "planning the holiday party",
    things: ["the guest list", "the catering order", "the playlist", "the decorations", "the budget for snacks"],
    places: ["the rooftop", "the big conference room", "the lobby"],
    people: ["the CEO", "Kevin from sales", "the caterer"],
    deadlines: ["by next Wednesday", "before invitations go out", "by the fifteenth"],
    oddities: ["the catering quote lists three hundred meatballs for forty people", "last year's banner says 'Happy Holidaze'", "the playlist is just one song on repeat"],
  },
  {
    id: "printer",
    title: "getting the shared printer working again",
    things: ["the printer", "the toner cartridge", "the paper tray", "the print queue", "the driver update"],
    places: ["the copy room", "the hallway by the kitchen", "the supply cabinet"],
    people: ["the help desk", "the printer technician", "Linda who prints everything"],
    deadlines: ["before the client packets go out", "by lunch", "before the afternoon meeting"],
    oddities: ["the print queue has a job from 2019 still waiting", "the printer is named 'Gary' on the network", "someone taped a fortune cookie message to the scanner"],
  },
  {
    id: "deck",
    title: "the slide deck for the client pitch",
    things: ["the slide deck", "the title slide", "the revenue chart", "the speaker notes", "the appendix"],
    places: ["the client's office", "the presentation folder", "the boardroom"],
    people: ["the client", "our manager", "the design team"],
    deadlines: ["by tomorrow morning", "before the dry run", "by three o'clock"],
    oddities: ["slide twelve has a stock photo of a very confident goat", "the chart's y-axis starts at ninety-seven", "the speaker notes say 'improvise here' four times"],
  },
  {
    id: "supplies",
    title: "reorganizing the supply closet",
    things: ["the supply closet", "the sticky notes", "the inventory list", "the label maker", "the shelf bins"],
    places: ["the supply closet", "the storage room", "the mail room"],
    people: ["the office manager", "the intern", "whoever keeps taking the good pens"],
    deadlines: ["before the audit", "by Friday", "before the new order arrives"],
    oddities: ["there are eleven boxes of paper clips and no paper", "the label maker has only ever printed the word 'MINE'", "a single roller skate is sitting on the top shelf"],
  },
  {
    id: "onboarding",
    title: "onboarding the new hire",
    things: ["the welcome packet", "the laptop setup", "the training schedule", "the badge request", "the first-week plan"],
    places: ["the front desk", "the training room", "the new hire's desk"],
    people: ["the new hire", "HR", "the team lead"],
    deadlines: ["before Monday morning", "by their first day", "before orientation"],
    oddities: ["the welcome packet still has the old company name", "the training video is narrated by someone who left in 2015", "the badge photo template has a pirate hat on it"],
  },
  {
    id: "drive",
    title: "migrating the shared drive",
    things: ["the shared drive", "the folder structure", "the permissions", "the old archive", "the migration script"],
    places: ["the server room", "the new cloud folder", "the archive"],
    people: ["IT", "the legal team", "the person who named every folder 'final'"],
    deadlines: ["before the old server shuts down", "this weekend", "by the end of the month"],
    oddities: ["there is a folder called 'final_final_v7_REAL'", "half the files were last opened by someone named 'test user'", "the archive contains a single recipe for lasagna"],
  },
  {
    id: "meeting",
    title: "scheduling the all-hands meeting",
    things: ["the calendar invite", "the agenda", "the room booking", "the video link", "the slides order"],
    places: ["the auditorium", "the big conference room", "the cafeteria"],
    people: ["the leadership team", "the remote staff", "the executive assistant"],
    deadlines: ["by tomorrow", "before the invite goes out", "by Thursday"],
    oddities: ["the room booking system thinks the auditorium is a parking spot", "the agenda has a twenty-minute slot titled 'silence'", "the video link points to a cooking stream"],
  },
  {
    id: "newsletter",
    title: "writing the monthly newsletter",
    things: ["the newsletter draft", "the headline", "the team spotlight", "the photo captions", "the events section"],
    places: ["the communications folder", "the intranet page", "the break room bulletin board"],
    people: ["the communications team", "the employee of the month", "the editor"],
    deadlines: ["by Tuesday", "before it goes to print", "by the end of the week"],
    oddities: ["the employee of the month is listed as 'the coffee machine'", "every photo caption says 'pictured: fun'", "the events section announces a meeting that already happened"],
  },
];

/** Slot values for one session: one of each kind, fixed for the whole session so lines agree. */
export interface TaskSlots {
  task: string;
  thing: string;
  place: string;
  person: string;
  deadline: string;
  oddity: string;
}

export function drawSlots(task: OfficeTask, rng: Rng): TaskSlots {
  return {
    task: task.title,
    thing: rng.pick(task.things),
    place: rng.pick(task.places),
    person: rng.pick(task.people),
    deadline: rng.pick(task.deadlines),
    oddity: rng.pick(task.oddities),
  };
}

/** Slot values that are grammatically plural ("the sticky notes are"); every other value is singular. */
export const PLURAL_VALUES: ReadonlySet<string> = new Set([
  "the expense receipts",
  "the moving boxes",
  "the desk labels",
  "the cable bins",
  "the decorations",
  "the speaker notes",
  "the sticky notes",
  "the shelf bins",
  "the permissions",
  "the photo captions",
  "the movers",
  "the remote staff",
]);

/** The preposition each place takes ("at the loading dock", "on the rooftop"); "in" otherwise. */
export const PLACE_PREPOSITIONS: Readonly<Record<string, "at" | "on">> = {
  "the shared drive": "on",
  "the fourth floor": "on",
  "the rooftop": "on",
  "the loading dock": "at",
  "the front desk": "at",
  "the new hire's desk": "at",
  "the intranet page": "on",
  "the break room bulletin board": "on",
};

/** Agreement forms a template may ask of a noun slot: {thing|is} → is / are. [singular, plural]. */
export const AGREEMENT_FORMS: Readonly<Record<string, readonly [string, string]>> = {
  is: ["is", "are"],
  was: ["was", "were"],
  has: ["has", "have"],
  isn: ["isn't", "aren't"],
  "isn't": ["isn't", "aren't"],
  it: ["it", "they"],
  It: ["It", "They"],
  them: ["it", "them"],
  "it's": ["it's", "they're"],
  its: ["its", "their"],
  itself: ["itself", "themselves"],
  works: ["works", "work"],
  needs: ["needs", "need"],
  wants: ["wants", "want"],
  keeps: ["keeps", "keep"],
};

const SLOT = /\{(\w+)(?:\|([\w']+))?\}/g;

/**
 * Fill `{slot}` placeholders. `{noun|form}` is an agreement form of that slot's value (AGREEMENT_FORMS);
 * `{place|at}` is the place with its own preposition. An unknown slot or form is a bug in the bank, so
 * it throws.
 */
export function fillTemplate(template: string, slots: TaskSlots, fresh?: Partial<TaskSlots>): string {
  return template.replace(SLOT, (_, name: string, form: string | undefined) => {
    const value = (fresh as Record<string, string> | undefined)?.[name] ?? (slots as unknown as Record<string, string>)[name];
    if (value === undefined) throw new Error(`line bank template uses unknown slot {${name}}: ${template}`);
    if (form === undefined) return value;
    if (form === "at") {
      if (name !== "place") throw new Error(`line bank template: {${name}|at} — only a place takes a preposition: ${template}`);
      return `${PLACE_PREPOSITIONS[value] ?? "in"} ${value}`;
    }
    const forms = AGREEMENT_FORMS[form];
    if (!forms) throw new Error(`line bank template uses unknown form {${name}|${form}}: ${template}`);
    return forms[PLURAL_VALUES.has(value) ? 1 : 0];
  });
}

/** The slot names a template uses. */
export function templateSlots(template: string): string[] {
  return [...new Set([...template.matchAll(SLOT)].map((m) => m[1]))];
}
