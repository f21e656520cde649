import { useSearchParams } from 'react-router-dom';

import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { Field } from '../../ui/form/Field';
import { useT } from '../../ui/intl/useT';
import { Link } from '../../ui/Link';

import { Failed } from './EventTimeline';
import { fieldValue } from './fieldValue';
import { operatorHref, operatorPlaceOf } from './location';
import { operatorSearchRequested, selectOperatorSearch } from './operatorSlice';

import { UserPage } from './UserPage';

/** The search, or the page of the user the address names (`?user=ID`). */
export function UsersPanel() {
  const [query] = useSearchParams();
  const { userId } = operatorPlaceOf(query.toString());
  return userId ? <UserPage id={userId} /> : <Search />;
}

function Search() {
  const t = useT();
  const dispatch = useAppDispatch();
  const search = useAppSelector(selectOperatorSearch);
  const find = (text: string) => {
    if (text.trim() !== '') dispatch(operatorSearchRequested({ text: text.trim() }));
  };
  return (
    <section className="operator-panel" aria-labelledby="operator-search-title">
      <h2 id="operator-search-title" className="operator__title">
        {t('operator.search.title')}
      </h2>
      <form
        className="form operator-search"
        role="search"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          find(fieldValue(event.currentTarget, 'query'));
        }}
      >
        <Field
          label={t('operator.search.label')}
          hint={t('operator.search.hint')}
          name="query"
          type="search"
          autoComplete="off"
          spellCheck={false}
          defaultValue={search.text}
        />
        <button
          type="submit"
          className="button button--primary"
          disabled={search.status === 'loading'}
          aria-busy={search.status === 'loading'}
        >
          {search.status === 'loading' ? t('operator.search.busy') : t('operator.search.submit')}
        </button>
      </form>
      {search.status === 'failed' && search.error ? (
        <Failed error={search.error} onRetry={() => find(search.text)} />
      ) : search.status === 'loaded' ? (
        <Results />
      ) : null}
    </section>
  );
}

function Results() {
  const t = useT();
  const { text, users } = useAppSelector(selectOperatorSearch);
  if (users.length === 0) return <p role="status">{t('operator.search.none', { text })}</p>;
  return (
    <>
      <p role="status">{t('operator.search.count', { count: users.length })}</p>
      <ul className="operator-results">
        {users.map((user) => (
          <li key={user.id} className="operator-results__row">
            <Link to={operatorHref({ userId: user.id })} className="operator-results__email">
              {user.email}
            </Link>{' '}
            <span className="operator-results__name">{user.name}</span>
            {user.lockedAt ? (
              <span className="operator-badge operator-badge--locked">
                {t('operator.badge.locked')}
              </span>
            ) : null}
            {user.activatedAt ? null : (
              <span className="operator-badge">{t('operator.badge.pending')}</span>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
