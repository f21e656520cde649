import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { Field } from '../../ui/form/Field';
import { useT } from '../../ui/intl/useT';

import { EventTimeline } from './EventTimeline';
import { fieldValue } from './fieldValue';
import { operatorAddressRequested, selectOperatorAddress } from './operatorSlice';

/** The record's events of a client address support types (hashed by the server, never stored). */
export function AddressPanel() {
  const t = useT();
  const dispatch = useAppDispatch();
  const address = useAppSelector(selectOperatorAddress);
  const invalid = address.status === 'failed' && address.error?.code === 'VALIDATION';
  return (
    <section className="operator-panel" aria-labelledby="operator-address-title">
      <h2 id="operator-address-title" className="operator__title">
        {t('operator.address.title')}
      </h2>
      <form
        className="form operator-search"
        role="search"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const text = fieldValue(event.currentTarget, 'address').trim();
          if (text !== '') dispatch(operatorAddressRequested({ text }));
        }}
      >
        <Field
          label={t('operator.address.label')}
          hint={t('operator.address.hint')}
          name="address"
          autoComplete="off"
          spellCheck={false}
          inputMode="url"
          defaultValue={address.text}
          error={invalid ? t('operator.address.invalid') : undefined}
        />
        <button type="submit" className="button button--primary">
          {t('operator.address.submit')}
        </button>
      </form>
      {address.text !== '' && !invalid ? (
        <EventTimeline of="address" page={address} title={t('operator.events')} />
      ) : null}
    </section>
  );
}
