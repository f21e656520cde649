// Every count `npm run replay -- --stats` and `--list` print, checked against a generated
// population of known truth (second-step failures, refused forms, resets, abandoned
// activations...), on both engines.
import { decodeLog } from '../../contract/action-log';
import { FUNNEL, indexLog, type FunnelStep } from '../../contract/action-log-index';
import { population, type PopulationLog } from '../../testing/actionLog/population';
import { replayCli } from '../../testing/server/actionLogs';
import { ENGINES } from '../../testing/server/engines';
import { listeningServerFor } from '../../testing/server/injectedApp';
import { insertActionLog } from '../repo/action-logs';

// Each test runs the command a few times, a few seconds each on a busy machine.
jest.setTimeout(180_000);

const WORDS: Record<FunnelStep, string> = {
  signedUp: 'signed up',
  activated: 'activated',
  loggedIn: 'logged in',
  home: 'home',
};

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? sorted[middle]!
    : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
}

function p90(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length * 0.9) - 1]!;
}

/** What --stats --json must answer for these logs, worked out from their scripts alone. */
function expectedStats(logs: PopulationLog[]) {
  const truths = logs.map((log) => log.truth);
  const failures = new Map<
    string,
    { times: number; logs: Set<number>; fields: Map<string, { times: number; logs: Set<number> }> }
  >();
  truths.forEach((truth, index) => {
    for (const { failure, fields } of truth.failures) {
      const counted = failures.get(failure) ?? { times: 0, logs: new Set(), fields: new Map() };
      counted.times += 1;
      counted.logs.add(index);
      for (const field of fields) {
        const inner = counted.fields.get(field) ?? { times: 0, logs: new Set<number>() };
        inner.times += 1;
        inner.logs.add(index);
        counted.fields.set(field, inner);
      }
      failures.set(failure, counted);
    }
  });
  const stops = new Map<string, number>();
  const stays = new Map<string, number[]>();
  for (const truth of truths) {
    stops.set(truth.lastPath, (stops.get(truth.lastPath) ?? 0) + 1);
    for (const [path, ms] of truth.stays) stays.set(path, [...(stays.get(path) ?? []), ms]);
  }
  const stepTimes = FUNNEL.flatMap((from, fromIndex) =>
    FUNNEL.slice(fromIndex + 1).map((to) => {
      const reached = truths.filter((truth) => truth.reached[from] !== undefined);
      const times = reached
        .filter((truth) => (truth.reached[to] ?? -1) >= truth.reached[from]!)
        .map((truth) => truth.reached[to]! - truth.reached[from]!);
      return {
        from: WORDS[from],
        to: WORDS[to],
        reached: reached.length,
        wentOn: times.length,
        medianMs: median(times),
        p90Ms: p90(times),
      };
    }),
  );
  return {
    logs: logs.length,
    funnel: FUNNEL.map((step) => ({
      step: WORDS[step],
      logs: truths.filter((truth) => truth.reached[step] !== undefined).length,
    })),
    stepTimes,
    failures: [...failures]
      .map(([failure, counted]) => ({
        failure,
        times: counted.times,
        logs: counted.logs.size,
        fields: [...counted.fields]
          .map(([field, inner]) => ({ field, times: inner.times, logs: inner.logs.size }))
          .sort((a, b) => b.times - a.times || a.field.localeCompare(b.field)),
      }))
      .sort((a, b) => b.times - a.times || b.logs - a.logs || a.failure.localeCompare(b.failure))
      .slice(0, 10),
    stops: [...stops]
      .map(([path, count]) => ({ path, logs: count }))
      .sort((a, b) => b.logs - a.logs || a.path.localeCompare(b.path))
      .slice(0, 10),
    timePerView: [...stays]
      .map(([path, list]) => ({ path, medianMs: median(list)!, visits: list.length }))
      .sort((a, b) => b.visits - a.visits || a.path.localeCompare(b.path)),
  };
}

/** A log's failures as --list --json gives them. */
function listedFailures(log: PopulationLog) {
  const failures: Record<string, { times: number; fields: Record<string, number> }> = {};
  for (const { failure, fields } of log.truth.failures) {
    const counted = (failures[failure] ??= { times: 0, fields: {} });
    counted.times += 1;
    for (const field of fields) counted.fields[field] = (counted.fields[field] ?? 0) + 1;
  }
  return failures;
}

/** How many logs a `--failed` filter finds: the failure, or a field code within one. */
function matching(logs: PopulationLog[], filter: string): number {
  const [endpoint, code] = filter.includes(':') ? filter.split(':') : [undefined, filter];
  return logs.filter((log) =>
    log.truth.failures.some(({ failure, fields }) => {
      const [failureEndpoint] = failure.split(':');
      if (endpoint !== undefined && failureEndpoint !== endpoint) return false;
      return [failure, ...fields].some((key) => key.split(':')[1] === code);
    }),
  ).length;
}

describe.each(ENGINES)(
  '--stats and --list on a population of known truth, on %s',
  (_name, engine) => {
    const running = listeningServerFor(engine);
    const replay = (...args: string[]) => replayCli(running.place, ...args);
    const logs = population(48);
    const references = new Map<string, PopulationLog>();

    beforeAll(async () => {
      for (const log of logs) {
        const reference = await insertActionLog(running.server.app.db, {
          userId: null,
          now: Math.floor(Date.now() / 1000),
          body: log.text,
          index: indexLog(decodeLog(log.text)),
          device: 'desktop',
        });
        references.set(reference, log);
      }
    });

    it('counts the funnel, the step times, each failure once with its fields, the stops and the stays', async () => {
      const stats = await replay('--stats', '--json');
      expect(stats.stderr).toBe('');
      const expected = expectedStats(logs);
      expect(JSON.parse(stats.stdout)).toEqual(expected);
      // Only a session opened is logged in: a right password that asked for the second step is not.
      const secondStepOnly = logs.filter((log) =>
        log.story.startsWith('the right password, a wrong app code, leaves'),
      );
      expect(secondStepOnly.length).toBeGreaterThan(0);
      for (const log of secondStepOnly) expect(log.truth.reached.loggedIn).toBeUndefined();

      const text = (await replay('--stats')).stdout;
      expect(text).toMatch(new RegExp(`^${logs.length} logs\\n`));
      for (const { step, logs: count } of expected.funnel) {
        expect(text).toMatch(
          new RegExp(`^ {2}${step} +${count} +${Math.round((count / logs.length) * 100)}%$`, 'm'),
        );
      }
      for (const { failure, times, logs: count, fields } of expected.failures) {
        expect(text).toMatch(new RegExp(`^ {2}${failure} +${times} +${count}$`, 'm'));
        for (const field of fields) {
          expect(text).toMatch(
            new RegExp(`^ {4}${field.field} +${field.times} +${field.logs}$`, 'm'),
          );
        }
      }
      for (const { from, to, reached, wentOn } of expected.stepTimes) {
        expect(text).toMatch(new RegExp(`^ {2}${from} → ${to} +${wentOn} +${reached}(  |$)`, 'm'));
      }
    });

    it('lists each upload with its exact failures, and filters by endpoint and code', async () => {
      const listed = JSON.parse((await replay('--list', '--json', '--limit', '1000')).stdout);
      expect(listed.total).toBe(logs.length);
      for (const upload of listed.uploads) {
        const log = references.get(upload.reference)!;
        expect(upload.failures).toEqual(listedFailures(log));
        expect(upload).toMatchObject({
          lastPath: log.truth.lastPath,
          reloads: log.truth.reloads,
          signedIn: log.truth.signedIn,
          userIds: [],
        });
      }
      for (const filter of [
        'verifyAccount:INVALID_CODE',
        'INVALID_CODE',
        'loginSecondFactor:INVALID_CODE',
        'resetPassword:INVALID_CODE',
        'COMMON_PASSWORD',
        'signup:FORM_REFUSED',
        'REQUIRED',
        'changePassword:FETCH_ERROR',
        'RATE_LIMITED',
        'INVALID_CREDENTIALS',
      ]) {
        const found = JSON.parse((await replay('--list', '--failed', filter, '--json')).stdout);
        expect({ filter, total: found.total }).toEqual({ filter, total: matching(logs, filter) });
      }
      const stopped = await replay('--list', '--stopped-at', '/user/verify-account');
      const count = logs.filter((log) => log.truth.lastPath === '/user/verify-account').length;
      expect(stopped.stdout.trimEnd().split('\n').at(-1)).toBe(
        `${count} of ${count} uploads (page 1 of 1)`,
      );

      // The funnel of one kind of failure only: who went on after a wrong second-step code.
      const filtered = JSON.parse(
        (await replay('--stats', '--failed', 'loginSecondFactor:INVALID_CODE', '--json')).stdout,
      );
      const failedSecondStep = logs.filter((log) =>
        log.truth.failures.some(({ failure }) => failure === 'loginSecondFactor:INVALID_CODE'),
      );
      expect(filtered).toEqual(expectedStats(failedSecondStep));
    });

    it.each([
      ['two codes at once', ['--failed', 'INVALID_CODE,RATE_LIMITED']],
      ['a code nobody met and no endpoint answers', ['--failed', 'INVALID_COD']],
      ['an endpoint without a code', ['--failed', 'verifyAccount:']],
      ['an unknown endpoint', ['--failed', 'verifyAcount:INVALID_CODE']],
      ['a filter given twice', ['--failed', 'INVALID_CODE', '--failed', 'RATE_LIMITED']],
      ['a stop that is no path', ['--stopped-at', 'verify-account']],
    ])('refuses %s with one line and exit 2', async (_case, filter) => {
      for (const command of ['--list', '--stats']) {
        const refused = await replay(command, ...filter);
        expect(refused.stdout).toBe('');
        expect(refused.stderr.trimEnd().split('\n')).toHaveLength(1);
        expect(refused.stderr).toMatch(/^replay: /);
        expect(refused.code).toBe(2);
      }
    });
  },
);
