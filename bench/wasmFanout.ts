// `node dist/bench/wasmFanout.js [players] [time]`: what WebAssembly would
// buy the players' per-listener loops, measured on the commonest of them: one
// accusation delivered to every living listener, each doing what
// Beliefs.onAccuse does (the trust flag, a Black act, the accuser's credit
// with its Math.exp, the addition to his evidence). Three versions of the
// same statements, over the same accusations:
//   objects: one JavaScript object per listener, as the players are now;
//   flat: one JavaScript loop over per-table arrays (the layout below);
//   wasm: bench/fanout.wat over one linear memory of that layout, compiled
//     by TurboFan (no Liftoff), Math.exp imported.
// It checks that all three leave the same doubles, then counts machine
// instructions per listener's part with valgrind as kernels.js does (two
// processes, R and 5R accusations, the difference over the 4R more), with
// the accusers' credit taking its exp as often as in the setup below and
// never. `node dist/bench/wasmFanout.js 48 time` gives CPU time a
// listener's part instead, each version in a process of its own, three
// rounds in turn. It needs valgrind for the counts, and the checkout's
// bench/fanout.wat (wabt, a dev dependency, assembles it). A measuring tool,
// not a test: it prints, it asserts nothing.

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { fileURLToPath } from 'node:url';
import wabtInit from 'wabt';
import { accuserCredit, REFERENCE_PRIOR } from '../src/agents/odds.js';
import { profileParams, type Params } from '../src/agents/params.js';
import { countInstructions, valgrindVersion } from './valgrind.js';

const IMPLS = ['objects', 'flat', 'wasm'] as const;
type Impl = (typeof IMPLS)[number];
/** Every seventh seat is dead (Start: every fourth is Mafia, every third holds a claim, so his trust goes dirty). */
const DEAD_EVERY = 7;
const ACCUSE_WEIGHT = 0.35;
const CROWD = 9;
const READ_TRUST = 0.8;
/** The evidence is set back every this many accusations, so that it stays in the range a game sees. */
const RESET_EVERY = 256;

interface Fanout {
  deliver(speaker: number, target: number, living: number): void;
  /** Sets every listener's evidence back to its start. */
  reset(): void;
  ev(listener: number, seat: number): number;
}

/** Every seventh seat is dead, in every version and in the count of parts. */
function isAlive(s: number): boolean {
  return s % DEAD_EVERY !== 0;
}

/** The table's starting values, the same for each version: evidence, reads, facts (1 for a Mafia known to the listener). */
class Start {
  readonly ev: Float64Array;
  readonly reads: Float64Array;
  readonly known: Int8Array;
  constructor(
    readonly n: number,
    withExp: boolean,
  ) {
    this.ev = new Float64Array(n * n);
    this.reads = new Float64Array(n * n);
    this.known = new Int8Array(n * n);
    let h = 12345;
    const next = (): number => ((h = (Math.imul(h ^ (h >>> 13), 0x5bd1e995) + 0x6b43a9b5) | 0) >>> 0) / 4294967296;
    for (let i = 0; i < n * n; i++) {
      // Evidence from -1.2 to 1.8 makes about a fifth of the accusers suspect (an exp); below -2, none.
      this.ev[i] = withExp ? 3 * next() - 1.2 : -2 - next();
      this.reads[i] = 2 * next() - 1;
      this.known[i] = i % (n + 1) !== 0 && next() < 0.08 ? 1 : -1;
    }
  }
  team(s: number): number {
    return s % 4 === 0 ? 1 : 0;
  }
  alive(s: number): number {
    return isAlive(s) ? 1 : 0;
  }
  claims(s: number): boolean {
    return s % 3 === 0;
  }
}

/** A listener as Beliefs is one: his own arrays, his parameters object, the record's living count. */
class Listener {
  trustDirty = false;
  readonly ev: Float64Array;
  readonly reads: Float64Array;
  readonly known: Int8Array;
  readonly blackActs: Int16Array;
  readonly sourceCount: number;
  readonly roleClaimantCount = 0;
  readonly readTrust = READ_TRUST;
  constructor(
    readonly me: number,
    readonly team: number,
    readonly params: Params,
    readonly record: { living: number },
    start: Start,
  ) {
    const n = start.n;
    this.ev = start.ev.slice(me * n, (me + 1) * n);
    this.reads = start.reads.slice(me * n, (me + 1) * n);
    this.known = start.known.slice(me * n, (me + 1) * n);
    this.blackActs = new Int16Array(n);
    this.sourceCount = start.claims(me) ? 1 : 0;
  }
  voiceShare(): number {
    const living = this.record.living;
    const crowd = this.params['crowd']!;
    return living > crowd ? crowd / living : 1;
  }
  evidence(t: number): number {
    return this.ev[t]! + this.readTrust * this.reads[t]!;
  }
  /** Beliefs.onAccuse's statements. */
  onAccuse(speaker: number, target: number): void {
    if (this.sourceCount > 0 || this.roleClaimantCount > 0) this.trustDirty = true;
    if (this.known[target] === 1) this.blackActs[speaker]!++;
    if (speaker === this.me) return;
    const weight = this.params['accuseWeight']! * this.voiceShare();
    if (target === this.me && this.team === 0) this.ev[speaker]! += weight;
    else this.ev[target]! += weight * accuserCredit(this.evidence(speaker));
  }
}

function objectsFanout(start: Start): Fanout {
  const n = start.n;
  const params = profileParams('club', new Map([['accuseWeight', ACCUSE_WEIGHT], ['crowd', CROWD]]));
  const record = { living: n };
  const players = Array.from({ length: n }, (_, s) => new Listener(s, start.team(s), params, record, start));
  const seated = Int16Array.from({ length: n }, (_, s) => s);
  const alive = Uint8Array.from({ length: n }, (_, s) => start.alive(s));
  return {
    deliver(speaker, target, living) {
      record.living = living;
      for (let i = 0; i < n; i++) {
        const s = seated[i]!;
        if (alive[s]) players[s]!.onAccuse(speaker, target);
      }
    },
    reset() {
      for (let s = 0; s < n; s++) players[s]!.ev.set(start.ev.subarray(s * n, (s + 1) * n));
    },
    ev: (s, t) => players[s]!.ev[t]!,
  };
}

/** The per-table arrays both flat versions work on, as views of one buffer (the Wasm's memory, or a plain one). */
class Layout {
  readonly ev: Float64Array;
  readonly reads: Float64Array;
  readonly known: Int8Array;
  readonly blackActs: Int16Array;
  readonly weight: Float64Array;
  readonly crowd: Float64Array;
  readonly readTrust: Float64Array;
  readonly team: Uint8Array;
  readonly claims: Uint8Array;
  readonly dirty: Uint8Array;
  readonly alive: Uint8Array;
  readonly seated: Int16Array;
  /** Where each array starts, in init's order after n. */
  readonly offsets: number[] = [];
  constructor(buffer: ArrayBuffer, start: Start) {
    const n = start.n;
    let at = 0;
    const take = (bytes: number): number => {
      const was = at;
      at += (bytes + 7) & ~7;
      this.offsets.push(was);
      return was;
    };
    this.ev = new Float64Array(buffer, take(8 * n * n), n * n);
    this.reads = new Float64Array(buffer, take(8 * n * n), n * n);
    this.known = new Int8Array(buffer, take(n * n), n * n);
    this.blackActs = new Int16Array(buffer, take(2 * n * n), n * n);
    this.weight = new Float64Array(buffer, take(8 * n), n).fill(ACCUSE_WEIGHT);
    this.crowd = new Float64Array(buffer, take(8 * n), n).fill(CROWD);
    this.readTrust = new Float64Array(buffer, take(8 * n), n).fill(READ_TRUST);
    this.team = new Uint8Array(buffer, take(n), n);
    this.claims = new Uint8Array(buffer, take(n), n);
    this.dirty = new Uint8Array(buffer, take(n), n);
    this.alive = new Uint8Array(buffer, take(n), n);
    this.seated = new Int16Array(buffer, take(2 * n), n);
    this.ev.set(start.ev);
    this.reads.set(start.reads);
    this.known.set(start.known);
    for (let s = 0; s < n; s++) {
      this.team[s] = start.team(s);
      this.claims[s] = start.claims(s) ? 1 : 0;
      this.alive[s] = start.alive(s);
      this.seated[s] = s;
    }
  }
}

function flatFanout(start: Start): Fanout {
  const n = start.n;
  const l = new Layout(new ArrayBuffer(64 * 65536), start);
  return {
    deliver(speaker, target, living) {
      const { ev, reads, known, blackActs, weight, crowd, readTrust, team, claims, dirty, alive, seated } = l;
      for (let i = 0; i < n; i++) {
        const s = seated[i]!;
        if (!alive[s]) continue;
        if (claims[s]) dirty[s] = 1;
        const row = s * n;
        if (known[row + target] === 1) blackActs[row + speaker]!++;
        if (speaker === s) continue;
        const c = crowd[s]!;
        const w = weight[s]! * (living > c ? c / living : 1);
        if (target === s && team[s] === 0) ev[row + speaker]! += w;
        else ev[row + target]! += w * accuserCredit(ev[row + speaker]! + readTrust[s]! * reads[row + speaker]!);
      }
    },
    reset: () => l.ev.set(start.ev),
    ev: (s, t) => l.ev[s * n + t]!,
  };
}

/** The few WebAssembly calls used here (lib ES2022 declares none, and the DOM's types would bring the browser's). */
interface WasmApi {
  Global: new (type: { value: 'f64'; mutable: boolean }, value: number) => object;
  instantiate(bytes: Uint8Array, imports: object): Promise<{ instance: { exports: object } }>;
}
const wasmApi = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

interface FanoutExports {
  memory: { buffer: ArrayBuffer };
  init: (...offsets: number[]) => void;
  deliver: (speaker: number, target: number, living: number, count: number) => void;
}

async function wasmFanout(start: Start): Promise<Fanout> {
  const n = start.n;
  const wabt = await wabtInit();
  // The text beside this script's source (the build copies no .wat): the checkout's root is two up from dist/bench.
  const source = join(fileURLToPath(new URL('../..', import.meta.url)), 'bench', 'fanout.wat');
  const binary = wabt.parseWat(source, readFileSync(source, 'utf8')).toBinary({}).buffer;
  const referencePrior = new wasmApi.Global({ value: 'f64', mutable: false }, REFERENCE_PRIOR);
  const { instance } = await wasmApi.instantiate(binary, { Math: { exp: Math.exp }, odds: { referencePrior } });
  const exports = instance.exports as FanoutExports;
  const l = new Layout(exports.memory.buffer, start);
  exports.init(n, ...l.offsets);
  const deliver = exports.deliver;
  return {
    deliver: (speaker, target, living) => deliver(speaker, target, living, n),
    reset: () => l.ev.set(start.ev),
    ev: (s, t) => l.ev[s * n + t]!,
  };
}

function make(impl: Impl, start: Start): Fanout | Promise<Fanout> {
  return impl === 'objects' ? objectsFanout(start) : impl === 'flat' ? flatFanout(start) : wasmFanout(start);
}

/** The c-th accusation's speaker and target: they walk the table at different strides (never the same seat at 12 or 48). */
function speakerOf(c: number, n: number): number {
  return (c * 7) % n;
}
function targetOf(c: number, n: number): number {
  return (c * 13 + 5) % n;
}

/** The accusations in turn; the living count moves now and then, as deaths move it. */
function play(f: Fanout, n: number, calls: number): void {
  let living = n;
  for (let c = 0; c < calls; c++) {
    const speaker = speakerOf(c, n);
    const target = targetOf(c, n);
    if (speaker !== target) f.deliver(speaker, target, living);
    if (c % 4096 === 4095) living = living === n ? n - Math.ceil(n / DEAD_EVERY) : n;
    if (c % RESET_EVERY === RESET_EVERY - 1) f.reset();
  }
}

/** The listeners' parts `play` makes in `calls` accusations: each living seat but a living accuser (who only counts a Black act). */
function partsOf(n: number, calls: number): number {
  let living = 0;
  for (let s = 0; s < n; s++) if (isAlive(s)) living++;
  let parts = 0;
  for (let c = 0; c < calls; c++) {
    const speaker = speakerOf(c, n);
    if (speaker !== targetOf(c, n)) parts += isAlive(speaker) ? living - 1 : living;
  }
  return parts;
}

async function check(n: number): Promise<string> {
  const start = new Start(n, true);
  const calls = 3 * RESET_EVERY - 1;
  const done: Fanout[] = [];
  for (const impl of IMPLS) {
    const f = await make(impl, start);
    play(f, n, calls);
    done.push(f);
  }
  let differ = 0;
  for (let s = 0; s < n; s++) for (let t = 0; t < n; t++) if (!Object.is(done[0]!.ev(s, t), done[1]!.ev(s, t)) || !Object.is(done[0]!.ev(s, t), done[2]!.ev(s, t))) differ++;
  return `${calls} accusations at ${n} players: ${differ} of ${n * n} evidence values differ between the three versions`;
}

async function countAll(n: number): Promise<void> {
  const calls = Number(process.env['FANOUT_CALLS'] ?? 40_000);
  const script = fileURLToPath(import.meta.url);
  process.stdout.write(`${valgrindVersion('wasmFanout', 'nothing else')}, node ${process.version}\n`);
  process.stdout.write(`${await check(n)}\n`);
  for (const exp of ['some', 'none']) {
    for (const impl of IMPLS) {
      const run = (c: number): number => countInstructions(script, [String(n), impl, exp], { FANOUT_RUN: String(c) }, impl);
      const perPart = (run(5 * calls) - run(calls)) / (partsOf(n, 5 * calls) - partsOf(n, calls));
      process.stdout.write(`${n} players, exp ${exp === 'some' ? 'as set up' : 'never'}: ${impl} ${perPart.toFixed(1)} instructions a listener's part\n`);
    }
  }
}

/** Before the module is compiled: TurboFan from the start (with V8 on one thread, as valgrind runs it, Liftoff's code was not tiered up). */
function turboFanOnly(): void {
  setFlagsFromString('--no-liftoff');
}

async function runChild(n: number, impl: Impl, exp: string, calls: number): Promise<void> {
  turboFanOnly();
  const f = await make(impl, new Start(n, exp === 'some'));
  play(f, n, calls);
  // Printed so that no loop is dead code.
  process.stdout.write(`${f.ev(3, 5)}\n`);
}

/** CPU time a listener's part: each version in a process of its own (one call site, one version), in turn, three rounds. */
function timeAll(n: number): void {
  const script = fileURLToPath(import.meta.url);
  for (let round = 1; round <= 3; round++) {
    const line = IMPLS.map((impl) => {
      const run = spawnSync(process.execPath, [script, String(n), impl], { env: { ...process.env, FANOUT_TIME: '1' }, encoding: 'utf8' });
      if (run.status !== 0) throw new Error(`timing ${impl} failed:\n${run.stderr}`);
      return `${impl} ${run.stdout.trim()}`;
    });
    process.stdout.write(`${n} players, round ${round}, ns a listener's part: ${line.join(', ')}\n`);
  }
}

/** Child: CPU ns a listener's part of one version, after a warm-up. */
async function timeChild(n: number, impl: Impl): Promise<void> {
  turboFanOnly();
  const calls = 400_000;
  const f = await make(impl, new Start(n, true));
  play(f, n, calls / 10);
  const t0 = process.cpuUsage();
  play(f, n, calls);
  const used = process.cpuUsage(t0);
  process.stdout.write(`${(((used.user + used.system) * 1000) / partsOf(n, calls)).toFixed(2)}\n`);
}

const args = process.argv.slice(2);
const players = Number(args[0] ?? 48);
const childCalls = process.env['FANOUT_RUN'];
if (childCalls !== undefined) await runChild(players, args[1] as Impl, args[2]!, Number(childCalls));
else if (process.env['FANOUT_TIME'] !== undefined) await timeChild(players, args[1] as Impl);
else if (!Number.isInteger(players) || players < 4 || players > 128 || (args[1] !== undefined && args[1] !== 'time')) {
  process.stderr.write(`wasmFanout: give the players, a whole number from 4 to 128, then optionally time: e.g. 48 time\n`);
  process.exit(1);
} else if (args[1] === 'time') timeAll(players);
else await countAll(players);
