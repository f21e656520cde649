import './operator.css';

import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';

import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { ConfirmNow } from '../../ui/confirm/ConfirmFirst';
import { useFeatureParts } from '../../ui/featureParts';
import { requestErrorText } from '../../ui/form/requestErrorMessage';
import { useT } from '../../ui/intl/useT';
import { WithWords } from '../../ui/intl/WithWords';
import { Link } from '../../ui/Link';
import { PageCard } from '../../ui/PageCard';
import { operatorHref, operatorPlaceOf } from './location';
import {
  operatorRetried,
  selectOperatorAccess,
  selectOperatorAccessError,
  selectOperatorLapsed,
} from './operatorSlice';

import { OPERATOR_WORDS } from './operatorWords';
import { OPERATOR_PANELS, panelOf } from './panels';
import { loadOperatorPart } from './part';

/**
 * The support console (`/operator`): what shows is the store's answer to whether this session may
 * use it (features/operator/operatorListeners.ts), then the panel the address names. The focus opens
 * on the heading, as on home.
 */
export default function OperatorView() {
  const dispatch = useAppDispatch();
  // The console's state and listeners load with this chunk, not with every visitor's first load.
  useEffect(() => loadOperatorPart(dispatch), [dispatch]);
  return (
    <WithWords words={OPERATOR_WORDS}>
      <div className="operator">
        <Console />
      </div>
    </WithWords>
  );
}

function Console() {
  const t = useT();
  const access = useAppSelector(selectOperatorAccess);
  return (
    <PageCard title={t('operator.title')} focusOnOpen="heading">
      {access === 'open' ? (
        <OpenConsole />
      ) : access === 'confirm' ? (
        <Confirm />
      ) : access === 'failed' ? (
        <AccessFailed />
      ) : (
        <p role="status" className="operator__status">
          {t('operator.checking')}
        </p>
      )}
    </PageCard>
  );
}

function AccessFailed() {
  const t = useT();
  const dispatch = useAppDispatch();
  const error = useAppSelector(selectOperatorAccessError);
  return (
    <div className="operator__failed">
      <p role="alert">
        {t('operator.loadFailed', { reason: error ? requestErrorText(t, error) : '' })}
      </p>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => dispatch(operatorRetried())}
      >
        {t('operator.retry')}
      </button>
    </div>
  );
}

const unknown = () => null;

/** An operator not confirmed strongly: the confirmation, or what to set up first. */
function Confirm() {
  const t = useT();
  const lapsed = useAppSelector(selectOperatorLapsed);
  const { useSecondFactorOn = unknown, usePasskeyCount = unknown } = useFeatureParts();
  const secondFactorOn = useSecondFactorOn();
  const passkeyCount = usePasskeyCount();
  const knownNeither = secondFactorOn === false && passkeyCount === 0;
  if (knownNeither) {
    return (
      <div className="operator__setup">
        <p>{t('operator.setUp')}</p>
        <Link to="/?section=security">{t('operator.setUpLink')}</Link>
      </div>
    );
  }
  return (
    <>
      {lapsed ? <p role="alert">{t('operator.lapsed')}</p> : null}
      {secondFactorOn === false ? <p>{t('operator.passkeyOnly')}</p> : null}
      <ConfirmNow why="confirm.why.operator" strong lapsed={false} />
    </>
  );
}

function OpenConsole() {
  const t = useT();
  const [query] = useSearchParams();
  const place = operatorPlaceOf(query.toString());
  const current = panelOf(place.panel);
  const { Panel } = current;
  return (
    <>
      <nav className="operator__nav" aria-label={t('operator.nav')}>
        <ul>
          {OPERATOR_PANELS.map((panel) => (
            <li key={panel.id}>
              <Link
                to={operatorHref({ panel: panel.id })}
                aria-current={panel.id === current.id ? 'page' : undefined}
              >
                {t(panel.title)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Panel />
    </>
  );
}
