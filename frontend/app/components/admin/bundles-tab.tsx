// The Featured Bundles tab: the create form (errors under each field, SPEC's words) and every feature with its actions.
// Plain forms: each works without JavaScript; deleting asks once more inside a <details>, which needs no script either.
import { Form, useActionData, useNavigation } from '@remix-run/react';
import { getFormProps, getInputProps, getSelectProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import type { AdminFeaturedBundleRow, AdminFeaturedBundlesView } from '@colouring/domain';
import { Button } from '~/components/ui/button';
import { FormError } from '~/components/ui/error-list';
import { Field } from '~/components/ui/field';
import { FEATURED_BUNDLE_CONSTRAINTS, FeaturedBundleSchema, PRIORITY_INPUT } from '~/forms/admin-bundles';
import type { action } from '~/routes/admin.bundles';

function CreateForm({ bundles }: { bundles: AdminFeaturedBundlesView['bundles'] }) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const creating = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'create';
  const [form, fields] = useForm({
    id: 'featured-bundle-create',
    lastResult: actionData?.result,
    constraint: FEATURED_BUNDLE_CONSTRAINTS,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    defaultValue: { priority: '1' },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: FeaturedBundleSchema }),
  });
  return (
    <section aria-labelledby="featured-create-title" className="featured-create">
      <h3 id="featured-create-title">Feature a bundle</h3>
      <Form method="post" {...getFormProps(form)} className="featured-create__form">
        <input type="hidden" name="intent" value="create" />
        <Field id="featured-bundle" label="Bundle name" errors={fields.bundleName.errors}>
          {(control) => (
            <select {...getSelectProps(fields.bundleName, { ariaAttributes: false })} {...control}>
              <option value="">Choose a bundle</option>
              {bundles.map((bundle) => (
                <option key={bundle.id} value={bundle.id}>
                  {bundle.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          id="featured-text"
          label="Featured text"
          hint="One line parents read under the bundle's name."
          errors={fields.featuredText.errors}
          className="featured-create__text"
        >
          {(control) => (
            <input {...getInputProps(fields.featuredText, { type: 'text', ariaAttributes: false })} {...control} autoComplete="off" />
          )}
        </Field>
        <Field id="featured-priority" label="Priority" hint="1 shows first." errors={fields.priority.errors}>
          {(control) => (
            <input
              {...getInputProps(fields.priority, { type: 'number', ariaAttributes: false })}
              {...control}
              {...PRIORITY_INPUT}
              inputMode="numeric"
            />
          )}
        </Field>
        <Button disabled={creating}>{creating ? 'Adding…' : 'Add featured bundle'}</Button>
        <FormError errors={form.errors} className="form-error" />
      </Form>
    </section>
  );
}

function Status({ row }: { row: AdminFeaturedBundleRow }) {
  if (!row.isActive) return <span className="admin-status admin-status--none">Inactive</span>;
  return (
    <div>
      <span className="admin-status admin-status--ready">Active</span>
      {row.shadowed ? <span className="featured-rows__note">Not shown: this bundle has a more prominent active feature.</span> : null}
    </div>
  );
}

function RowActions({ row }: { row: AdminFeaturedBundleRow }) {
  const label = `${row.bundleName}: ${row.featuredText}`;
  return (
    <div className="admin-actions">
      <Form method="post">
        <input type="hidden" name="id" value={row.id} />
        <button
          type="submit"
          name="intent"
          value={row.isActive ? 'deactivate' : 'activate'}
          className="button button--secondary admin-actions__button"
        >
          {row.isActive ? 'Deactivate' : 'Activate'}
          <span className="visually-hidden"> {label}</span>
        </button>
      </Form>
      <details className="featured-rows__delete">
        <summary>
          Delete…<span className="visually-hidden"> {label}</span>
        </summary>
        <Form method="post">
          <input type="hidden" name="id" value={row.id} />
          <p>Parents will no longer see this text. This cannot be undone.</p>
          <button type="submit" name="intent" value="delete" className="button featured-rows__confirm">
            Yes, delete<span className="visually-hidden"> {label}</span>
          </button>
        </Form>
      </details>
    </div>
  );
}

function PriorityForm({ row }: { row: AdminFeaturedBundleRow }) {
  const inputId = `priority-${row.id}`;
  return (
    <Form method="post" className="featured-rows__priority">
      <input type="hidden" name="id" value={row.id} />
      <label htmlFor={inputId} className="visually-hidden">
        Priority of {row.bundleName}: {row.featuredText}
      </label>
      <input id={inputId} name="priority" type="number" required defaultValue={row.priority} inputMode="numeric" {...PRIORITY_INPUT} />
      <button type="submit" name="intent" value="priority" className="button button--secondary admin-actions__button">
        Save<span className="visually-hidden"> the priority of {row.bundleName}</span>
      </button>
    </Form>
  );
}

export function BundlesTab({ view }: { view: AdminFeaturedBundlesView }) {
  return (
    <section aria-labelledby="bundles-title" className="featured">
      <h2 id="bundles-title">Featured Bundles</h2>
      <p className="featured__intro">
        Parents see the active features on the scene picker, the lowest priority number first. When a bundle has more than one active
        feature, the one with the lowest number is shown (the newest, at the same number).
      </p>
      {/* Drawn afresh once a row is added (its id is new), so a created feature leaves an empty form, with JavaScript too. */}
      <CreateForm key={Math.max(0, ...view.rows.map((row) => row.id))} bundles={view.bundles} />
      <h3 className="featured__list-title">Features</h3>
      {view.rows.length === 0 ? (
        <p>No bundle is featured: parents see the bundles without a featured text.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table featured-rows">
            <thead>
              <tr>
                <th scope="col">Bundle</th>
                <th scope="col">Featured text</th>
                <th scope="col">Priority</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {view.rows.map((row) => (
                <tr key={row.id}>
                  <th scope="row" data-label="Bundle">
                    {row.bundleName}
                  </th>
                  <td data-label="Featured text" className="featured-rows__text">
                    {row.featuredText}
                  </td>
                  <td data-label="Priority">
                    <PriorityForm row={row} />
                  </td>
                  <td data-label="Status">
                    <Status row={row} />
                  </td>
                  <td data-label="Actions">
                    <RowActions row={row} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
