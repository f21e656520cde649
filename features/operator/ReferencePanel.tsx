import { Field } from '../../ui/form/Field';
import { useT } from '../../ui/intl/useT';

/**
 * An upload's reference opens in the replay page, which reads it through the operator API with
 * this browser's session (src/replay/main.tsx, `?upload=`). A plain form: the browser goes there.
 */
export function ReferencePanel() {
  const t = useT();
  return (
    <section className="operator-panel" aria-labelledby="operator-reference-title">
      <h2 id="operator-reference-title" className="operator__title">
        {t('operator.reference.title')}
      </h2>
      <form className="form operator-search" method="get" action="/replay.html">
        <Field
          label={t('operator.reference.label')}
          hint={t('operator.reference.hint')}
          name="upload"
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="characters"
          required
          maxLength={64}
        />
        <button type="submit" className="button button--primary">
          {t('operator.reference.submit')}
        </button>
      </form>
    </section>
  );
}
