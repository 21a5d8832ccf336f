// Declarations for the table modules (web/tables/): what the shell (web/app.js, `loadTable` and
// `tableContext`) gives a table, what a table module gives back, and the view models the tables
// draw (pyengine/app/views/<game>.py).  Check-only: nothing here is shipped.
//
// This file declares global types (it has no import or export), so the tables' JSDoc names them
// directly: `/** @param {TableContext} ctx */`.

// ---------------------------------------------------------------- the shell's side

/** A string from the shell's or the game's catalogue; `{name}` in it is filled from `vars`. */
type Translate = (key: string, vars?: Record<string, unknown>) => string;

/** What `h` puts into an element: nodes and strings, lists of them; null, undefined and false are left out. */
type HChild = Node | string | null | undefined | false | HChild[];

/** Attributes for `h`: `class`, `text`, `on<event>` listeners, anything else as an attribute
 * (null, undefined and false leave it out, true sets it empty). */
type HAttrs = {
  [K in keyof HTMLElementEventMap as `on${K}`]?: (event: HTMLElementEventMap[K]) => unknown;
} & {
  class?: string | null;
  text?: string | number | null;
  [name: string]: unknown;
};

/** The shell's element maker (web/app.js: h). */
interface H {
  <K extends keyof HTMLElementTagNameMap>(tag: K, attrs?: HAttrs | null, ...children: HChild[]): HTMLElementTagNameMap[K];
  (tag: string, attrs?: HAttrs | null, ...children: HChild[]): HTMLElement;
}

/** A seat of the session: its name (empty: the shell names it) and kind ("human", "bot:<level>", ...). */
interface SeatInfo {
  name: string;
  kind: string;
}

/** A played action of the record as the session lists it. */
interface HistoryEntry {
  ply: number;
  action: string;
  /** the seat that acted; negative for chance */
  actor: number;
  label: string;
}

/** A legal action at the position on screen, with its description in the player's language. */
interface LegalAction {
  action: string;
  label: string;
}

/**
 * The session's view (pyengine/app/session.py: Session.view) with what the shell adds for
 * tables; `table` is the game's own view model (TableView below).
 */
interface SessionView<T = unknown> {
  game: string;
  game_name?: string;
  rules: string;
  preset?: string | null;
  /** the game as a link fragment (the record) */
  fragment: string;
  /** the record's length and the position on screen (0..length) */
  length: number;
  cursor: number;
  /** "human" | "bot" | "chance" | "waiting" | "over" */
  status: string;
  to_move: number;
  viewer: number;
  seats: SeatInfo[];
  history: HistoryEntry[];
  legal: LegalAction[];
  /** what the viewer's seat sees (JSON from the engine) */
  observation: unknown;
  /** plies played after a hint (the one past the end: a hint shown for the move to come) */
  hints?: number[];
  can_hint?: boolean;
  /** a game played by link: the viewer's seat and what it waits for */
  by_link?: { seat: number; waiting?: string | null } | null;
  /** a live card table (web/live/cards.js): the table's id, the person's seat, the seats this browser plays */
  live?: { table: string; me: number; local: number[]; verified: boolean } | null;
  table: T;
  /** true while the table shows a first frame the engine has not made yet: nothing is legal */
  provisional?: boolean;
  /** a link's first frame: the game's starting position stands for a later one (the link's
   * record has this many actions), which the engine puts there once it is up */
  pending_moves?: number;
  /** after an automatic chance step: the plies it resolved; null after anything else */
  dealt_now?: number[] | null;
  /** where the library keeps this game */
  save_key: string;
}

/** A live card table's end: "verifying" (every browser checks the whole deal), then "verified"
 * (with the record's address) or "failed" (with what failed). */
interface LiveEnd {
  state: "verifying" | "verified" | "failed";
  text: string;
  href?: string;
}

/** What the shell passes a table (web/app.js: tableContext). */
interface TableContext {
  game: string;
  t: Translate;
  h: H;
  readonly lang: string;
  embed: boolean;
  readonly paused: boolean;
  /** whether the view's next step (a bot's move or a chance step, at the end of the record) waits for Resume */
  heldByPause(view: { cursor: number; length: number; status: string }): boolean;
  /** a live game whose friend is connected: its links travel by themselves (web/live/table.js) */
  readonly live: boolean;
  /** a live card table's end (web/live/cards.js): the deal being checked, then its verdict and the
   * record with every hand; null before the end and at any other table */
  readonly liveEnd: LiveEnd | null;
  /** "instant" | "fast" | "normal" */
  readonly speed: string;
  /** the pause between automatic steps at this speed (ms) */
  readonly speedMs: number;
  engineReady: Promise<unknown>;
  play(action: string): unknown;
  goto(cursor: number): unknown;
  undo(): unknown;
  /** the next game: the same game, players and rules (web/table-tools.js) */
  playAgain(): void;
  /** stops the bots, as the shell's Pause does (its Resume lets them play on) */
  pause(): void;
  notify(text: string, actions?: [string, () => void][], kind?: string): void;
  announce(text: string): void;
  seatName(seat: number): string;
  shareUrl(fragment: string): string;
  /** the game's own Python calls (pyengine.app.views.<game>.ui_call); waits for the engine */
  gameCall<R = unknown>(name: string, args?: Record<string, unknown>): Promise<R>;
  /** long work in the AI Worker (the game's tasks module) */
  task<R = unknown>(name: string, args?: Record<string, unknown>): Promise<R>;
  /** per game, kept in the browser */
  settings: {
    get<F extends string | null>(key: string, fallback: F): string | F;
    set(key: string, value: string): void;
  };
}

/** What the set-up form gives a table's `setup`. */
interface TableSetupInfo {
  game: unknown;
  info: unknown;
  presetSelect: HTMLSelectElement | null;
  playersSelect: HTMLSelectElement | null;
  seatsBox: HTMLElement | null;
}

/** A mounted table. */
interface TableController<V = SessionView> {
  update(view: V): void;
  destroy(): void;
  /** before each automatic ply: a promise to wait for, or null to go on */
  hold?(): Promise<void> | null;
  /** resolves once what the table shows has settled (a dealt hand has arrived) */
  settled?(): Promise<void>;
}

/** A table module's default export (the contract is described near `loadTable` in web/app.js). */
interface TableModule<V = SessionView> {
  /** load web/i18n/<game>.<lang>.json (keys "<game>.…") */
  strings: boolean;
  mount(host: HTMLElement, ctx: TableContext): TableController<V>;
  setup?(container: HTMLElement, info: TableSetupInfo, ctx: TableContext): { values(args?: unknown): Record<string, unknown> };
  /** show the shell's title, status and score line */
  shellHead?(view: V, ctx: TableContext): boolean;
}

/** The answer of the shared "hint" task (hintkit.js): the action and the game's own reasons. */
interface HintAnswer {
  action: string;
  ok?: boolean;
  error?: string;
  /** why, from the game's analysis: a kind (<game>.hint.why.<kind>) and the values its sentence uses */
  why?: HintWhy;
  [reason: string]: unknown;
}

/** A hint's reason: its kind and values (pyengine/app/tasks/<game>.py, REASONS). */
interface HintWhy {
  kind: string;
  [value: string]: unknown;
}

// ---------------------------------------------------------------- Cetkaik (pyengine/app/views/cetkaik.py)

/** A piece on the board: profession, colour, owner (the side). */
interface CetkaikPiece { p: number; c: number; s: number }
/** A square: empty, tam2 or a piece. */
type CetkaikCell = CetkaikPiece | "tam" | null;

/** A hand (役) or a penalty with its value in the player's language. */
interface CetkaikHandEntry { name: string; label: string; value: number; explain?: string }

interface CetkaikHand {
  side: number;
  pieces: { code: number; p: number; c: number; count: number; name: string }[];
  hands: CetkaikHandEntry[];
  score: number;
}

/** A piece's moves (group_moves): destinations, second legs over a square, water casts. */
interface CetkaikPieceMoves {
  to: Record<string, string>;
  via: Record<string, { to: Record<string, string>; cast: Record<string, string>; water: string[] }>;
  water: string[];
}

/** The legal actions of the side to act, grouped by what is clicked first (group_moves). */
interface CetkaikMoves {
  pieces: Record<string, CetkaikPieceMoves>;
  drops: Record<string, Record<string, string>>;
  tam: Record<string, Record<string, string>>;
  tam_src: number;
  choice?: Record<string, string>;
  decline?: string;
  declare?: { ty_mok?: string; ta_xot?: string };
}

/** What is pending: a stepping move's squares, or a declaration's hands and values. */
interface CetkaikPending {
  src?: number;
  via?: number;
  planned?: number;
  dest?: number;
  sticks?: number;
  hands: CetkaikHandEntry[];
  penalties: CetkaikHandEntry[];
  hand_value: number;
  penalty_value: number;
  value: number;
  rate: number;
  rate_after: number | null;
  penalty_only: boolean;
}

/** A line of news (recent_events): its kind says which fields it has. */
interface CetkaikEvent {
  kind: "move" | "cast" | "decline" | "paid" | "first_mover" | "declare";
  at: number;
  side: number;
  label: string;
  cast: string;
  sticks: number;
  ok: boolean;
  points: number;
  rate: number;
  rate_after: number | null;
  season_name: string;
  choice: string;
  hands: CetkaikHandEntry[];
  penalties: CetkaikHandEntry[];
  penalty_only: boolean;
  value: number;
}

/** A season's summary (season_summaries). */
interface CetkaikSummary {
  season: number;
  season_name: string;
  side: number;
  hands: CetkaikHandEntry[];
  penalties: CetkaikHandEntry[];
  hand_value: number;
  penalty_value: number;
  rate: number;
  value: number;
  before: number[];
  scores: number[];
  over: boolean;
  next: number | null;
  at: number;
}

/** An entry of the record (kiaak): a move (kind "ply") or a declaration ("decl"). */
interface CetkaikRecordEntry {
  kind: string;
  text: string;
  label: string;
  side: number;
  season: number;
  cursor: number;
  start: number;
}

/** view.table for Cetkaik (table_view). */
interface CetkaikTableView {
  board: CetkaikCell[];
  tam: number;
  hue: number[];
  water: number[];
  protected: number[];
  hands: CetkaikHand[];
  scores: number[];
  rate: number;
  season: number;
  seasons: number;
  season_name: string;
  phase: string;
  side: number;
  to_act: number;
  can_act: boolean;
  viewer: number;
  plan: string;
  pending: CetkaikPending | null;
  moves: CetkaikMoves | null;
  last: { src?: number; dest?: number; failed?: boolean } | null;
  result: { winner: number; scores: number[]; reason: string } | null;
  events: CetkaikEvent[];
  fresh_from: number;
  summaries: CetkaikSummary[];
  preset: string | null;
  kiaak: CetkaikRecordEntry[];
  stops: number[];
  ply: number;
  plies: number;
  cast_plies: number[];
  squares: string[];
  spoken: string[];
  columns: string[];
  rows: string[];
  import_rules: string[];
  names: { professions: string[]; tam: string; sides: string[]; side_marks: string[]; seasons: string[] };
}

/** What is selected on the Cetkaik board. */
type CetkaikSelection =
  | { kind: "piece"; src: number }
  | { kind: "via"; src: number; via: number }
  | { kind: "drop"; code: number }
  | { kind: "tam"; src: number }
  | { kind: "tam2"; src: number; first: number };

interface CetkaikSettings { style: string; coords: boolean; text: boolean; turnEach: boolean }

/** A move's review by the analysis (the AI Worker's "review" task). */
interface CetkaikReview { ply: number; loss: number; mark: string; best_label: string }

interface CetkaikAnalysis {
  key: string;
  state: "running" | "done" | "stopped" | "failed";
  done: number;
  total: number;
  reviews: Map<number, CetkaikReview>;
  error: string;
}

/** The Hint control as the tables use it (hintkit.js). */
interface HintLike {
  el: HTMLElement;
  setting: HTMLElement;
  shown: (HintAnswer & { squares?: number[]; value?: number | null }) | null;
  update(view: SessionView<unknown>): void;
  say(text: string, why?: string): void;
  label(action: string): string;
}

/** The Cetkaik table's shared state and names (built in cetkaik.js, read by its parts). */
interface CetkaikKit {
  ctx: TableContext;
  h: H;
  /** the table's own strings ("cetkaik.<key>") */
  T: Translate;
  /** a prompt's wording, for the text view where it has its own */
  P: Translate;
  settings: CetkaikSettings;
  root: HTMLElement;
  view: SessionView<CetkaikTableView> | null;
  tv: CetkaikTableView | null;
  sel: CetkaikSelection | null;
  stepMode: boolean;
  message: { text: string; kind: string } | null;
  sent: boolean;
  /** "wide" | "narrow" | "embed" */
  mode: string;
  flip: boolean;
  turnSeat: number | null;
  hint: HintLike | null;
  /** the view and view.table (only called once a view has come) */
  session(): SessionView<CetkaikTableView>;
  table(): CetkaikTableView;
  schedule(): void;
  play(action: string | null | undefined): void;
  setMessage(text: string, kind?: string): void;
  openHelp(): Promise<void>;
  sqName(i: number): string;
  spoken(i: number): string;
  sideShort(side: number): string;
  seatName(seat: number): string;
  who(side: number): string;
  levelOf(seat: number): string;
  pieceName(cell: CetkaikCell): string;
  plainPiece(piece: { p: number; c: number }): string;
  moves(): CetkaikMoves | null;
  canAct(): boolean;
  people(): number[];
  flipped(): boolean;
}

type CetkaikController = TableController<SessionView<CetkaikTableView>>;

/** A part of the board for the rules panel (rule_diagrams, board_diagram): rows and columns
 * [first, last], its pieces, water and hue squares, and the marks the engine computed. */
interface CetkaikDiagram {
  id: string;
  rows: [number, number];
  cols: [number, number];
  cells: Record<string, CetkaikPiece | "tam">;
  water: number[];
  hue: number[];
  marks: Record<string, string>;
}

/** A piece's move diagram (cetkaik_help.py: the squares within `radius`, the lines it ranges along). */
interface CetkaikMoveDiagram {
  radius: number;
  hue: boolean | null;
  square: string;
  cells: { dr: number; dc: number; kind: string }[];
  rays: { dr: number; dc: number; kind: string; from: number; beyond: boolean }[];
}

/** The rules panel's data (the `help` call: rules_help). */
interface CetkaikHelp {
  hands: { name: string; label: string; value: number; flash: number | null; needs: { p: number; n: number }[] }[];
  penalties: CetkaikHandEntry[];
  options: string[];
  presets: Record<string, Record<string, unknown>>;
  diagrams: CetkaikDiagram[];
  professions: string[];
  pieces: {
    id: string; prof: number; kanji: string; pekzep: string; names: Record<string, string>;
    diagrams: CetkaikMoveDiagram[]; same: boolean;
  }[];
}

/** How the rules panel is drawn (renderHelp's options). */
interface CetkaikHelpOptions {
  h: H;
  T: Translate;
  t: Translate;
  lang: string;
  style: string;
  columns: string[];
  rows: string[];
  preset: string | null;
  close: () => void;
}

// ---------------------------------------------------------------- the card tables' kit (cardkit.js)

/** A deck module's art (deck-french.js, deck-dido.js). */
interface CardDeck {
  svg(id: string): string;
  label(id: string, lang: string): string;
  back(): string;
  short?(id: string): string;
}

/** A card of a Hand: `key` is unique in the hand, `id` the deck's card. */
interface HandCard { key: string; id: string; playable?: boolean; note?: string | null }

interface HandOptions {
  deck: CardDeck;
  lang?: string;
  label?: string;
  minStrip?: number;
  onToggle?(key: string | null, selected: string[]): void;
  onConfirm?(selected: string[]): void;
  /** false: the key is handled */
  onKey?(event: KeyboardEvent): boolean | void;
}

interface HandState { cards: HandCard[]; selected?: string[]; selectable?: boolean; lang?: string; enter?: number }

interface RingSeat {
  key: string | number;
  name?: string;
  count?: number | null;
  title?: string;
  badge?: string;
  marks?: string[];
  active?: boolean;
  me?: boolean;
  out?: boolean;
  detail?: string;
}

interface FieldCard { key?: string | number; id: string; note?: string | null }
interface FieldState { cards?: FieldCard[]; caption?: string; stacked?: FieldCard[][]; lang?: string }

interface LogItem { key: string | number; text: string; kind?: string }

interface ChipsState { pot?: number; potLabel?: string; stacks?: { key: string | number; label: string; amount: number }[] }

// ---------------------------------------------------------------- Daifugō (pyengine/app/views/daifugo.py)

/** A played card: the deck's id and, for a joker standing in, what it stands for. */
interface DaifugoCard { id: string; note?: string | null }

/** A line of the game's record (table_view's log): its kind says which fields it has. */
interface DaifugoLogItem {
  key: number;
  kind: string;
  seat?: number;
  to?: number;
  cards?: DaifugoCard[];
  count?: number;
  place?: number;
  on?: boolean;
  ranks?: string[];
  seats?: number[];
  placing?: number[];
  game?: number;
  private?: boolean;
}

/** An effect of the last play on the strip ("revolution", "skip", "out", ...). */
interface DaifugoEffect { kind: string; seat?: number; place?: number; seats?: number[] }

/** What is pending (an exchange, a 7-pass, a 10-discard, a Q-bomber): who, to whom, how many. */
interface DaifugoPending { kind: string; player: number; to?: number; count?: number; up_to?: number }

interface DaifugoStrip {
  revolution: boolean;
  back: boolean;
  inverted: boolean;
  lock: string[];
  number_lock: string | number | null;
  colour_lock: unknown;
  direction: number;
  pending: DaifugoPending | null;
  effects: DaifugoEffect[];
  effect_key: string | null;
}

/** A chip of the strip (stripItems). */
interface DaifugoStripItem { key: string; cls: string; text: string; kind?: string }

interface DaifugoSeat {
  seat: number;
  count: number;
  title: string | null;
  passed: boolean;
  out: number;
  offender: boolean;
  fallen: boolean;
  owner: boolean;
  active: boolean;
  me: boolean;
  kind: string;
}

/** A legal choice: its action, the cards it plays (their sorted ids as `sig`), a stand-in's note. */
interface DaifugoChoice { action: string; label: string; sig?: string; ids?: string[]; standin?: string }

/** A game's result: the placing, the points and the classes it gave. */
interface DaifugoResult { game: number; set: number; new_set: boolean; placing: number[]; points: number[]; classes: string[] }

/** view.table for Daifugō (table_view). */
interface DaifugoTableView {
  players: number;
  me: number;
  phase: string;
  /** what the viewer may do: "play" | "select" | "bomb" | "revolt" | "wait" | "over" */
  mode: string;
  replaying: boolean;
  game_no: number;
  games: number;
  set_games: number;
  to_move: number;
  seats: DaifugoSeat[];
  hand: { key: string; id: string }[];
  hand_strength: string[];
  hand_suit: string[];
  choices: DaifugoChoice[];
  can_pass: boolean;
  pass_action: string | null;
  select: { kind: string; to: number | null; min: number; max: number; none: string | null } | null;
  bomb: { ranks: { id: string; text: string }[]; max: number; options: { action: string; ranks: string[]; label: string }[] } | null;
  field: { seat: number; cards: DaifugoCard[] } | null;
  trick: { key: number; seat: number; kind: string; cards: DaifugoCard[] }[];
  strip: DaifugoStrip;
  exchange: { kind: string; seat: number; to: number; cards?: DaifugoCard[]; count?: number }[];
  log: DaifugoLogItem[];
  results: DaifugoResult[];
  scores: number[];
  standings: number[];
  ranks: number[];
  revealed: { seat: number; cards: DaifugoCard[] }[] | null;
  first_game: boolean;
  discarded: number;
}

/** An option of the rules panel (rules_panel): its path, kind, value and choices. */
interface DaifugoOption {
  path: string;
  kind: "bool" | "enum" | "int" | "set";
  value: unknown;
  base: unknown;
  changed: boolean;
  choices?: string[];
  min?: number;
  max?: number;
}

/** A fix of a conflict: set options, change the player count or choose a preset. */
interface DaifugoFix { set?: Record<string, unknown>; players?: number; preset?: string }

interface DaifugoConflict {
  options: { path: string; kind: string; value: unknown }[];
  players: number | null;
  message: string;
  fixes: DaifugoFix[];
}

/** The rules panel's data (the rules_panel call). */
interface DaifugoRulesPanel {
  rules: string;
  preset: string | null;
  base: string;
  players: Record<string, number[]>;
  usual_players: Record<string, number>;
  groups: { id: string; options: DaifugoOption[] }[];
  conflicts: DaifugoConflict[];
  error: string | null;
}

// ---------------------------------------------------------------- Chabashi (pyengine/app/views/chabashi.py)

/** A card in a row: its code (null: hidden from this seat), face up or down, and the key a pick names. */
interface ChabashiCard { card: string | null; up: boolean; key: string | null }

/** A hand category's names: id, Korean, romanised. */
interface ChabashiHandName { id: string; ko: string; roman: string }

interface ChabashiSeat {
  seat: number;
  role: string;
  you: boolean;
  chips: number;
  active: boolean;
  folded: boolean;
  to_act: boolean;
  order: number | null;
  round_put: number;
  contrib: number;
  all_in: boolean;
  floor: ChabashiCard[];
  hand: ChabashiCard[];
  last: { event: string; value?: unknown } | null;
}

/** A one-click choice (draw, decline, pass, the betting actions with the chips they put in). */
interface ChabashiButton { action: string; id: string; label: string; amount: number | null; total?: number; all_in?: boolean }

/** A choice made by picking cards: the paths of keys that make each action. */
interface ChabashiPickGroup {
  id: string;
  label_key: string;
  steps: number;
  options: { path: string[]; action: string; label: string }[];
}

/** One reason a pot went where it went (the engine's comparison). */
interface ChabashiWhy {
  step: string;
  winner: number | "dealer";
  loser: number | "dealer";
  hand: string;
  other?: string;
  cards?: number;
  other_cards?: number;
  count?: number;
  other_count?: number;
  by?: string;
  card?: string;
  other_card?: string;
}

interface ChabashiShownHand extends ChabashiHandName {
  seat: number;
  hand: string[];
  pair: string[];
  wins?: boolean;
}

/** The last finished hand: the showdown (or the fold), the pots and the payout. */
interface ChabashiResult {
  hand_no: number;
  showdown: boolean;
  winner: number;
  amount: number;
  carry_shared: number | null;
  hands: ChabashiShownHand[];
  dealer_hand: (ChabashiHandName & { hand: string[]; pair: string[]; wins?: boolean }) | null;
  dealer: number | null;
  pots: { amount: number; contestants: number[]; outcome: string; winner: number; why?: ChabashiWhy[] }[];
  delta: number[];
  chips: number[];
  current: boolean;
}

/** view.table for Chabashi (table_view). */
interface ChabashiTableView {
  players: number;
  viewer: number;
  to_act: number;
  mine: boolean;
  phase: string;
  step: string;
  hand_no: number;
  hand_limit: number | null;
  two_player: boolean;
  dealer: number | null;
  dealing_seat: number | null;
  seat_order: number[];
  dealer_floor: ChabashiCard[];
  centre: ChabashiCard[];
  stock: number;
  seats: ChabashiSeat[];
  pot: number;
  carry: number;
  pots: { amount: number; contestants: number[] }[];
  prompt: { key: string; vars: Record<string, unknown> };
  actions: { kind: string; buttons: ChabashiButton[]; picks: ChabashiPickGroup[] } | null;
  events: { event: string; seat: number | null; value: unknown }[];
  result: ChabashiResult | null;
  hand_order: (ChabashiHandName & { barred_with_three: boolean })[];
  odds: { available: boolean; key: string | null };
  dealer_mode: string;
  standings: { seat: number; place: number; chips: number }[] | null;
  revealed: { centre: ChabashiCard[]; seats: { hand: string[]; floor: ChabashiCard[] }[] } | null;
  you_deal: boolean;
  deals_next: boolean;
}

/** The odds task's answer (pyengine/app/tasks/chabashi.py). */
interface ChabashiOdds {
  ok?: true;
  available?: boolean;
  win: number;
  beats_dealer: number | null;
  win_and_beat_dealer: number;
  categories: (ChabashiHandName & { p: number })[];
  method: string;
  cases: number;
}

/** The odds task's answer, or why it failed. */
type ChabashiOddsAnswer = ChabashiOdds | { ok: false; error: string };

/** The ranking task's answer: each hand's example and exact frequency. */
interface ChabashiRanking {
  hands: { id: string; example: { hand: string[]; floor: string[] } | null; count: number; p: number }[];
  total: number;
}

type ChabashiView = SessionView<ChabashiTableView>;

/** A seat's line at the Chabashi table (built once, updated in place). */
interface ChabashiSeatNode {
  name: HTMLElement;
  who: HTMLElement;
  chips: HTMLElement;
  chipsShort: HTMLElement;
  marks: HTMLElement;
  hand: HTMLElement;
  floor: HTMLElement;
  li: HTMLElement;
}

/** What the Daifugō text view mirrors of the table: its controls, the hand's order and the intents. */
interface DaifugoTextParts {
  textView: HTMLElement;
  hand: import("../../web/tables/cardkit.js").Hand;
  prompt: HTMLElement;
  playBtn: HTMLButtonElement;
  passBtn: HTMLButtonElement;
  noneBtn: HTMLButtonElement;
  chooser: HTMLElement;
  /** the hand's keys in the order shown */
  order: string[];
  confirm(): void;
  send(action: string | null | undefined): void;
}
