import { useIntl } from 'react-intl';

import type { FunnelOkBody } from '../../contract/funnel';
import { numberingSystemOf } from '../../i18n/digits';

import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { Field } from '../../ui/form/Field';
import { MONTHS } from '../../ui/formatExpiry';
import { useT } from '../../ui/intl/useT';

import { Failed } from './EventTimeline';
import { fieldValue } from './fieldValue';
import { operatorFunnelRequested, selectOperatorFunnel } from './funnelSlice';

type Figures = Omit<FunnelOkBody['period'], 'refusalsByEndpoint'>;
type Durations = Figures['signupToActivation'];
type T = ReturnType<typeof useT>;

/** The counted figures, in the funnel's order, and their words. */
const COUNTS = [
  ['signups', 'operator.funnel.signups'],
  ['activations', 'operator.funnel.activations'],
  ['firstLogins', 'operator.funnel.firstLogins'],
  ['logins', 'operator.funnel.logins'],
  ['resetsRequested', 'operator.funnel.resetsRequested'],
  ['resetsCompleted', 'operator.funnel.resetsCompleted'],
  ['secondFactorFailures', 'operator.funnel.secondFactorFailures'],
  ['refusals', 'operator.funnel.refusals'],
] as const;
const TIMES = [
  ['signupToActivation', 'operator.funnel.signupToActivation'],
  ['resetToNewPassword', 'operator.funnel.resetToNewPassword'],
] as const;

/** `45 s`, `3 min 5 s`, `2 h 5 min` in the console's language; a dash with no step done. */
function durationText(t: T, ms: number | null): string {
  if (ms === null) return t('operator.funnel.noTime');
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return t('operator.funnel.seconds', { seconds });
  if (seconds < 3600) {
    return t('operator.funnel.minutes', {
      minutes: Math.floor(seconds / 60),
      seconds: seconds % 60,
    });
  }
  return t('operator.funnel.hours', {
    hours: Math.floor(seconds / 3600),
    minutes: Math.floor((seconds % 3600) / 60),
  });
}

/**
 * The funnel of every visitor, from the server's record (not from uploaded logs): a period
 * picker (whole UTC days), the period's figures, the figures of each day, and the refusals by
 * endpoint and code. The wide table scrolls inside its own box at 360 px.
 */
export function FunnelPanel() {
  const t = useT();
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectOperatorFunnel);
  const { funnel } = state;
  const ask = (from: string, to: string) => dispatch(operatorFunnelRequested({ from, to }));
  const invalid = state.status === 'failed' && state.error?.code === 'VALIDATION';
  return (
    <section className="operator-panel operator-funnel" aria-labelledby="operator-funnel-title">
      <h2 id="operator-funnel-title" className="operator__title">
        {t('operator.funnel.title')}
      </h2>
      <p>{t('operator.funnel.about')}</p>
      <form
        // A new answer puts its period in the fields.
        key={funnel ? `${funnel.from}~${funnel.to}` : 'none'}
        className="form operator-funnel__period"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          ask(fieldValue(event.currentTarget, 'from'), fieldValue(event.currentTarget, 'to'));
        }}
      >
        <Field
          label={t('operator.funnel.from')}
          name="from"
          type="date"
          defaultValue={funnel?.from ?? state.from}
          error={invalid ? t('operator.funnel.invalid') : undefined}
        />
        <Field
          label={t('operator.funnel.to')}
          name="to"
          type="date"
          defaultValue={funnel?.to ?? state.to}
        />
        <button
          type="submit"
          className="button button--primary"
          disabled={state.status === 'loading'}
          aria-busy={state.status === 'loading'}
        >
          {state.status === 'loading' ? t('operator.funnel.busy') : t('operator.funnel.submit')}
        </button>
      </form>
      {state.status === 'failed' && state.error && !invalid ? (
        <Failed error={state.error} onRetry={() => ask(state.from, state.to)} />
      ) : null}
      {funnel ? <Figures funnel={funnel} /> : null}
      {!funnel && state.status === 'loading' ? (
        <p role="status">{t('operator.funnel.loading')}</p>
      ) : null}
    </section>
  );
}

/** Numbers and UTC days in the language on screen, in its own digits, also where Intl has no data. */
function useFormats() {
  const intl = useIntl();
  const t = useT();
  const numberingSystem = numberingSystemOf(intl.locale);
  const number = (value: number) => intl.formatNumber(value, { numberingSystem });
  const day = (text: string) => {
    const date = new Date(`${text}T00:00:00Z`);
    if (Intl.DateTimeFormat.supportedLocalesOf([intl.locale]).length > 0) {
      return intl.formatDate(date, { dateStyle: 'medium', timeZone: 'UTC', numberingSystem });
    }
    return t('operator.funnel.date', {
      day: intl.formatNumber(date.getUTCDate(), { numberingSystem }),
      month: t(MONTHS[date.getUTCMonth()] ?? 'month.1'),
      year: intl.formatNumber(date.getUTCFullYear(), { numberingSystem, useGrouping: false }),
    });
  };
  return { number, day };
}

function Figures({ funnel }: { funnel: FunnelOkBody }) {
  const t = useT();
  const { number, day } = useFormats();
  const times = (durations: Durations) =>
    t('operator.funnel.medianP90', {
      median: durationText(t, durations.medianMs),
      p90: durationText(t, durations.p90Ms),
    });
  const { period } = funnel;

  return (
    <>
      <h3 className="operator__subtitle" id="operator-funnel-period">
        {t('operator.funnel.period', { from: day(funnel.from), to: day(funnel.to) })}
      </h3>
      <dl className="operator-funnel__figures">
        {COUNTS.map(([name, words]) => (
          <div key={name}>
            <dt>{t(words)}</dt>
            <dd>{number(period[name])}</dd>
          </div>
        ))}
        {TIMES.map(([name, words]) => (
          <div key={name}>
            <dt>{t(words)}</dt>
            <dd>{times(period[name])}</dd>
          </div>
        ))}
      </dl>
      <p className="operator-funnel__note">{t('operator.funnel.percentiles')}</p>

      <h3 className="operator__subtitle" id="operator-funnel-days">
        {t('operator.funnel.days')}
      </h3>
      <div
        className="operator-funnel__scroll"
        role="region"
        aria-labelledby="operator-funnel-days"
        // A box that scrolls takes the keyboard's focus, so the keys can scroll it too.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
      >
        <table className="operator-funnel__table">
          <thead>
            <tr>
              <th scope="col">{t('operator.funnel.day')}</th>
              {COUNTS.map(([name, words]) => (
                <th scope="col" key={name}>
                  {t(words)}
                </th>
              ))}
              {TIMES.map(([name, words]) => (
                <th scope="col" key={name}>
                  {t(words)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {funnel.days.map((figures) => (
              <tr key={figures.day}>
                <th scope="row">{day(figures.day)}</th>
                {COUNTS.map(([name]) => (
                  <td key={name}>{number(figures[name])}</td>
                ))}
                {TIMES.map(([name]) => (
                  <td key={name}>{times(figures[name])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h3 className="operator__subtitle" id="operator-funnel-refusals">
        {t('operator.funnel.refusalsByEndpoint')}
      </h3>
      {period.refusalsByEndpoint.length === 0 ? (
        <p>{t('operator.funnel.noRefusals')}</p>
      ) : (
        <div
          className="operator-funnel__scroll"
          role="region"
          aria-labelledby="operator-funnel-refusals"
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
        >
          <table className="operator-funnel__table">
            <thead>
              <tr>
                <th scope="col">{t('operator.funnel.endpoint')}</th>
                <th scope="col">{t('operator.funnel.code')}</th>
                <th scope="col">{t('operator.funnel.count')}</th>
              </tr>
            </thead>
            <tbody>
              {period.refusalsByEndpoint.map((refusal) => (
                <tr key={`${refusal.endpoint} ${refusal.code ?? ''}`}>
                  <td>
                    <code>{refusal.endpoint}</code>
                  </td>
                  <td>
                    <code>{refusal.code ?? t('operator.funnel.noCode')}</code>
                  </td>
                  <td>{number(refusal.count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
