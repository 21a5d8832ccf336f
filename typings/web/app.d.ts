// Types the page shell's modules share (web/*.js outside web/tables/), for the type checker only:
// JSDoc in those modules names them.  What crosses to the engine is JSON; these say what the
// shell reads of it (the engine's Python, pyengine/app/session.py and views/, is the source).

/** The build's info (index.html: window.PYENGINE_BUILD, written by build.py). */
interface BuildInfo {
  version: string;
  wheel?: string;
  pyscript?: string;
  tables?: string[];
  /** each table's module, the modules it imports statically and their style sheets (site paths) */
  table_files?: Record<string, string[]>;
  runtime?: Record<string, number>;
  boot_bytes: number;
  games: Record<string, GameInfo[]>;
  setup: Record<string, GameSetup>;
  start: unknown;
}

/** A game of the catalogue, as the start page lists it. */
interface GameInfo {
  id: string;
  name: string;
  summary?: string;
  players: [number, number];
  default_players: number;
  has_chance?: boolean;
  hidden_information?: boolean;
}

/** A game's set-up choices: the bots' levels (weakest first) and the rules' presets. */
interface GameSetup {
  levels: string[];
  presets: { id: string; rules: string }[];
  default_preset: string | null;
  /** friends may play it live from their own browsers, its cards dealt by all (web/live/cards.js) */
  live_cards?: boolean;
}

type Speed = "instant" | "fast" | "normal";

interface Seat { name: string; kind: string }

/** The session's view model of the game on the table, with what the shell adds to it (the part
 * tables read is SessionView, tables.d.ts). */
interface View extends SessionView<unknown> {
  game_name: string;
  returns: number[];
  final_returns?: number[] | null;
  hot_seat?: boolean;
  undo_note?: string | null;
  share_kind?: string;
  label: string;
}

/** The automation state (window.pyengineApp.state()). */
interface PublicState {
  game: string | null;
  status: string;
  ply: number;
  length: number;
  [key: string]: unknown;
}

/** What the start page lists about a saved game (in no language). */
interface LibraryEntry {
  key: string;
  game: string | null;
  seats?: string[];
  names?: string[];
  ply?: number;
  length?: number;
  status?: string;
  to_move?: number;
  returns?: number[] | null;
  preset?: string | null;
  created?: number;
  updated?: number;
}

/** The view last on screen, drawn at once on the next visit. */
interface LastView { key: string; fragment: string; view: View }

/** The engine's answer to a call (web/main.py): the fields a call's answer may carry. */
interface EngineResult {
  ok: boolean;
  error?: string;
  error_en?: string;
  kind?: string;
  code?: string | null;
  params?: Record<string, unknown>;
  view?: View;
  state?: PublicState;
  /** the number of the call (set by the page) */
  callNo?: number;
  /** set by the page: the answer of an automatic chance step */
  chanceRun?: boolean;
  resolved?: number[];
  moved?: boolean;
  job?: unknown;
  save?: string;
  save_key?: string;
  entry?: LibraryEntry;
  continues?: boolean;
  /** a live card table (live_* calls): who acts next, the deck's labels, the moves and plans */
  next?: { to_act: number; local: boolean; kind: string; step: number; outcomes?: [string, string][] };
  deck?: string[];
  /** which decks are made from an earlier one (a set's blind cards: pyengine's `redecks`) */
  redeck?: { set: number; keep: number[]; fixed: number } | null;
  /** live_deal_run: how many cards from the deck it dealt */
  dealt?: number;
  move?: unknown;
  ops?: unknown[];
  /** live_verify: the end's verification (its own `ok`: whether the deals and the replay passed) */
  report?: { ok: boolean; fragment?: string; ply?: number; seat?: number | null; problem?: string };
}

/** The AI Worker's choice for a bot. */
interface BotChoice { ok: boolean; action?: string; ply?: number; error?: string }

/** The arguments of a new game. */
interface NewGameArgs {
  game: string;
  seats: [string, string][];
  seed: number;
  rules?: string;
  by_link?: boolean;
  [key: string]: unknown;
}

/** What a game's set-up form gets: the game, its choices and the shell's own controls. */
interface SetupInfo {
  game: GameInfo;
  info: GameSetup;
  presetSelect: HTMLSelectElement;
  playersSelect: HTMLSelectElement;
  seatsBox: HTMLElement;
}

// The table modules' contract (TableModule, TableController, TableContext, SessionView) is
// declared once, in tables.d.ts.

/** How the interpreter of this realm started (web/pyodide-boot.mjs). */
interface BootInfo {
  from: string;
  snapshotError: string | null;
  made?: boolean;
  worker?: BootInfo;
  /** the engine's Worker was the one the page made at its first byte (engine-early.js) */
  early?: boolean;
}

/** The engine's Worker the page makes at its first byte (web/engine-early.js). */
interface EarlyEngine {
  worker: Worker;
  /** PyScript took it up as its Worker */
  adopted: boolean;
  /** puts the browser's Worker constructor back */
  restore(): void;
  /** the runtime's bytes that have come in so far, as the Worker counts them */
  bytes: number;
  /** hears each new count */
  onBytes: ((bytes: number) => void) | null;
}

/** The automation API (web/api.js). */
interface PyengineApp {
  version: string;
  ready: Promise<void>;
  state(): PublicState;
  legal(): string[];
  play(action: string): Promise<PublicState>;
  open(fragment: string): Promise<PublicState>;
  settled(): Promise<PublicState>;
  testing: { fixChance(seed: number | null): void };
}

interface Window {
  PYENGINE_BUILD?: BuildInfo;
  /** the API; before the app loads, a test's init script may put {testing: {chanceSeed}} here */
  pyengineApp?: PyengineApp | { testing?: { chanceSeed?: unknown } };
  pyengineEarly?: EarlyEngine;
}

declare var pyengineBoot: BootInfo | undefined;
/** set in the engine's Worker: main.py calls it once it has handed over its call */
/** set in the engine's Worker the page made at its first byte: its interpreter, starting (pyodide-boot.mjs) */
declare var pyengineEarlyStart: Promise<import("pyodide").PyodideAPI> | undefined;
declare var pyengineHanded: (() => void) | undefined;
