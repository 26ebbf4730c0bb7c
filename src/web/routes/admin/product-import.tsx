import { Download, FileCheck2, Upload } from 'lucide-react';
import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { data, Form, Link } from 'react-router';
import { PRODUCT_CSV_HEADINGS } from '../../../contract/constants';
import type { ImportProblem, ProductImportReport } from '../../../contract/product-import';
import { productCsvPaths } from '../../components/admin-pages';
import { ConfirmDialog, DialogCancel } from '../../components/dialog';
import { FormAlert } from '../../components/form-alert';
import { FieldFrame, fieldIds } from '../../components/form-field';
import { SubmitButton } from '../../components/submit-button';
import { pi } from '../../i18n/admin-product-import';
import { ap } from '../../i18n/admin-products';
import { authText } from '../../i18n/auth';
import { ApiError } from '../../lib/api';
import { errorText, formFailureFromApi } from '../../lib/api-errors';
import { requireUser } from '../../lib/auth.server';
import { apiFor } from '../../lib/context.server';
import type { FieldErrors } from '../../lib/form';
import { formatNumber } from '../../lib/format';
import { pageMeta } from '../../lib/meta';
import { plural } from '../../lib/plural';
import { useFormErrors } from '../../lib/use-form-errors';
import { useHydrated } from '../../lib/use-hydrated';
import type { Route } from './+types/product-import';

const LIST_PATH = '/admin/allproducts';
/** The form's fields: the two files as the API names them, and the plain form's confirmation. */
const FIELDS = ['file', 'images', 'confirmed'] as const;
type ImportField = (typeof FIELDS)[number];
const FILE_FIELDS = ['file', 'images'] as const;

type ImportOutcome =
  | { ok: true; report: ProductImportReport }
  | { ok: false; fieldErrors: FieldErrors<ImportField>; formError?: string; problems: ImportProblem[] };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, 'staff');
  return { shop: context.shop };
}

/** A file the person chose (an input left empty posts a nameless, empty one). */
const chosenFile = (value: FormDataEntryValue | null): value is File =>
  typeof value !== 'string' && value !== null && (value.name !== '' || value.size > 0);

/** An apply refused for its rows carries every problem (`importRowsRefused`); other failures none. */
function problemsOf(error: ApiError): ImportProblem[] {
  const { body } = error;
  return body && 'problems' in body && Array.isArray(body.problems) ? (body.problems as ImportProblem[]) : [];
}

/**
 * «فحص الملف» asks the API for a dry run, «استيراد» (once confirmed) for the apply
 * (POST /api/v1/products/import, docs/product-import.md); the files go on as the person chose them.
 */
export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context, 'staff');
  const form = await request.formData();
  const apply = form.get('intent') === 'apply';
  const fail = (
    failure: Omit<Extract<ImportOutcome, { ok: false }>, 'ok' | 'problems'>,
    problems: ImportProblem[] = [],
  ) => data<ImportOutcome>({ ok: false, ...failure, problems }, { status: 400 });
  if (apply && form.get('confirmed') !== '1') return fail({ fieldErrors: { confirmed: pi.confirmRequired } });

  const files = new FormData();
  for (const name of FILE_FIELDS) {
    const value = form.get(name);
    if (chosenFile(value)) files.append(name, value, value.name);
  }
  try {
    const { data: report } = await apiFor(request, context).products.importCsv(files, { dryRun: !apply });
    return data<ImportOutcome>({ ok: true, report });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return fail(formFailureFromApi(error, FIELDS, context.shop.phoneCountry), problemsOf(error));
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    shop: loaderData?.shop,
    title: pi.title,
    description: pi.description,
    path: productCsvPaths.import,
    noindex: true,
  });
}

export default function ProductImport({ loaderData, actionData }: Route.ComponentProps) {
  const { phoneCountry } = loaderData.shop;
  const hydrated = useHydrated();
  const fileRequired = errorText('IMPORT_FILE_REQUIRED', { phoneCountry }) ?? authText.invalidValue;
  const { errors, formProps } = useFormErrors(
    FIELDS,
    (_values, form) => (chosenFile(form.get('file')) ? {} : { file: fileRequired }),
    actionData && !actionData.ok ? actionData.fieldErrors : undefined,
  );
  const confirmed = useRef(false);
  const [asking, setAsking] = useState(false);
  const resultHeading = useRef<HTMLHeadingElement>(null);

  // A new answer is read first: the focus goes to its heading.
  useEffect(() => {
    if (actionData && (actionData.ok || actionData.problems.length > 0)) resultHeading.current?.focus();
  }, [actionData]);

  // With JavaScript «استيراد» asks first (the dialog), then the form is submitted again by that button.
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    formProps.onSubmit(event);
    if (event.defaultPrevented) return;
    const { submitter } = event.nativeEvent as SubmitEvent;
    const applying = submitter?.getAttribute('value') === 'apply';
    if (applying && !confirmed.current) {
      event.preventDefault();
      setAsking(true);
      return;
    }
    confirmed.current = false;
  }

  function onConfirm() {
    setAsking(false);
    confirmed.current = true;
    const form = formProps.ref.current;
    form?.requestSubmit(form.querySelector<HTMLButtonElement>('button[value="apply"]'));
  }

  return (
    <>
      <h1 className="mb-2 text-2xl font-bold">{pi.title}</h1>
      <p className="mb-5 text-slate-700">{pi.description}</p>

      {actionData && <ImportResult outcome={actionData} phoneCountry={phoneCountry} headingRef={resultHeading} />}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <Form
          method="post"
          encType="multipart/form-data"
          {...formProps}
          onSubmit={onSubmit}
          className="space-y-5 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
        >
          <FileField name="file" accept=".csv,text/csv" label={pi.file} hint={pi.fileHint} error={errors.file} />
          <FileField
            name="images"
            accept=".zip,application/zip"
            label={pi.images}
            hint={pi.imagesHint}
            error={errors.images}
          />
          {hydrated ? (
            // The dialog has asked.
            <input type="hidden" name="confirmed" value="1" />
          ) : (
            <PlainConfirmation error={errors.confirmed} />
          )}
          <div className="flex flex-wrap gap-3">
            <SubmitButton intent="check" postsIntent pendingText={pi.checking} className="px-5">
              <FileCheck2 aria-hidden="true" className="size-5" />
              {pi.check}
            </SubmitButton>
            <SubmitButton intent="apply" postsIntent pendingText={pi.applying} tone="danger" className="px-5">
              <Upload aria-hidden="true" className="size-5" />
              {pi.apply}
            </SubmitButton>
          </div>
        </Form>
        <ImportGuide />
      </div>

      <ConfirmDialog open={asking} onOpenChange={setAsking} title={pi.confirmTitle} description={pi.confirmQuestion}>
        <div className="flex flex-wrap justify-end gap-3">
          <DialogCancel to={productCsvPaths.import} alert>
            {pi.cancel}
          </DialogCancel>
          <button
            type="button"
            onClick={onConfirm}
            className="rounded-lg bg-red-700 px-5 py-2.5 font-bold text-white hover:bg-red-800"
          >
            {pi.confirm}
          </button>
        </div>
      </ConfirmDialog>
    </>
  );
}

const chooseClass =
  'inline-flex cursor-pointer items-center rounded-lg px-4 py-2.5 font-bold text-brand-700 ring-1 ring-brand-600 hover:bg-brand-50 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700';

/**
 * A file to send, named by its label alone. Before JavaScript loads it is the browser's own
 * control; then an Arabic button and the chosen file's name (the browser's control speaks the
 * browser's language).
 */
function FileField({
  name,
  label,
  hint,
  accept,
  error,
}: {
  name: string;
  label: string;
  hint: string;
  accept: string;
  error: string | undefined;
}) {
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState<string | null>(null);
  const field = { name, label, hint, error };
  const { controlId, labelId, describedBy } = fieldIds(field);
  return (
    <FieldFrame field={field} className="min-w-0">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
        <input
          id={controlId}
          name={name}
          type="file"
          accept={accept}
          onChange={(event) => setChosen(event.currentTarget.files?.[0]?.name ?? null)}
          aria-labelledby={labelId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={hydrated ? 'peer sr-only' : 'block w-full max-w-full text-sm'}
        />
        {hydrated && (
          <>
            <label htmlFor={controlId} className={chooseClass}>
              {chosen ? pi.changeFile : pi.chooseFile}
            </label>
            <p className="min-w-0 text-sm break-all text-slate-700">{chosen ? <bdi>{chosen}</bdi> : pi.noFile}</p>
          </>
        )}
      </div>
    </FieldFrame>
  );
}

/** Before JavaScript loads there is no dialog: the person ticks this box to say «استيراد» is meant. */
function PlainConfirmation({ error }: { error: string | undefined }) {
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id="field-confirmed"
          name="confirmed"
          type="checkbox"
          value="1"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'field-confirmed-error' : undefined}
          className="mt-1 size-5 shrink-0 accent-brand-700"
        />
        <label htmlFor="field-confirmed" className="font-bold">
          {pi.confirmBox}
        </label>
      </div>
      {error && (
        <p id="field-confirmed-error" className="mt-1.5 text-sm font-bold text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** What the file must hold, its limits, and the export to start from. */
function ImportGuide() {
  return (
    <section
      aria-labelledby="import-guide"
      className="min-w-0 rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="import-guide" className="mb-3 text-lg font-bold">
        {pi.howTitle}
      </h2>
      <ul className="mb-4 list-disc space-y-2 ps-5 text-slate-800">
        {pi.how.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {/* A plain link: a download, not a page of the router. */}
      <a
        href={productCsvPaths.export}
        download
        className="mb-4 inline-flex items-center gap-1.5 rounded-lg px-3 py-2 font-bold text-brand-700 ring-1 ring-brand-600 hover:bg-brand-50"
      >
        <Download aria-hidden="true" className="size-4" />
        {pi.exportCsv}
      </a>
      <h3 className="mb-2 font-bold">{pi.columnsTitle}</h3>
      <ul className="flex flex-wrap gap-2 text-sm">
        {PRODUCT_CSV_HEADINGS.map((heading) => (
          <li key={heading} className="rounded-md bg-white px-2 py-1 ring-1 ring-slate-300">
            {heading}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What the file makes and changes; of a file with problems only its rows (the import would write nothing). */
function ReportCounts({ report }: { report: ProductImportReport }) {
  const c = pi.counts;
  const lines =
    report.problems.length > 0
      ? [plural(report.rows, c.rows)]
      : [
          plural(report.rows, c.rows),
          plural(report.products.created, c.productsCreated),
          plural(report.products.updated, c.productsUpdated),
          plural(report.variants.created, c.variantsCreated),
          plural(report.variants.updated, c.variantsUpdated),
          plural(report.images, c.images),
        ];
  return (
    <ul className="list-disc space-y-1 ps-5">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

/** What a dry run found, what an apply did, or why it wrote nothing (with every bad row). */
function ImportResult({
  outcome,
  phoneCountry,
  headingRef,
}: {
  outcome: ImportOutcome;
  phoneCountry: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const heading = (text: string) => (
    <h2 id="import-result" ref={headingRef} tabIndex={-1} className="mb-2 text-lg font-bold outline-none">
      {text}
    </h2>
  );
  if (!outcome.ok) {
    if (outcome.problems.length === 0) return outcome.formError ? <FormAlert>{outcome.formError}</FormAlert> : null;
    return (
      <section aria-labelledby="import-result" className="mb-6 rounded-2xl border border-red-200 bg-red-50 p-4">
        {heading(pi.refusedTitle)}
        {outcome.formError && <p className="mb-3 font-bold text-red-800">{outcome.formError}</p>}
        <ProblemTable problems={outcome.problems} phoneCountry={phoneCountry} />
      </section>
    );
  }
  const { report } = outcome;
  if (!report.dryRun) {
    return (
      <section
        aria-labelledby="import-result"
        className="mb-6 rounded-2xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-950"
      >
        {heading(pi.appliedTitle)}
        <p className="mb-2">{pi.appliedSummary}</p>
        <ReportCounts report={report} />
        <Link to={LIST_PATH} className="mt-3 inline-block font-bold text-brand-700 hover:underline">
          {ap.backToProducts}
        </Link>
      </section>
    );
  }
  const clean = report.problems.length === 0;
  return (
    <section
      aria-labelledby="import-result"
      className={`mb-6 rounded-2xl border p-4 ${clean ? 'border-sky-200 bg-sky-50' : 'border-amber-300 bg-amber-50'}`}
    >
      {heading(pi.checkedTitle)}
      <p className="mb-2 font-bold">
        {clean ? pi.checkedClean : pi.checkedProblems(plural(report.problems.length, pi.problemCount))}
      </p>
      <ReportCounts report={report} />
      {!clean && <ProblemTable problems={report.problems} phoneCountry={phoneCountry} />}
    </section>
  );
}

/** Every bad cell: its row as the spreadsheet numbers it, its column, the problem in Arabic, the cell. */
function ProblemTable({ problems, phoneCountry }: { problems: ImportProblem[]; phoneCountry: string }) {
  const t = pi.problems;
  const cell = 'px-3 py-2 align-top';
  return (
    // Scrolls sideways in itself on a narrow phone; focusable, so a keyboard can scroll it too.
    <section
      aria-labelledby="import-problems-caption"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus for keyboard users (axe scrollable-region-focusable)
      tabIndex={0}
      className="relative mt-4 overflow-x-auto rounded-xl bg-white ring-1 ring-slate-200 focus-visible:outline-2"
    >
      <table className="w-full min-w-[36rem] border-collapse text-sm">
        <caption id="import-problems-caption" className="sr-only">
          {t.caption}
        </caption>
        <thead className="bg-slate-50 text-slate-800">
          <tr>
            <th scope="col" className={`${cell} text-start`}>
              {t.row}
            </th>
            <th scope="col" className={`${cell} text-start`}>
              {t.column}
            </th>
            <th scope="col" className={`${cell} text-start`}>
              {t.message}
            </th>
            <th scope="col" className={`${cell} text-start`}>
              {t.value}
            </th>
          </tr>
        </thead>
        <tbody>
          {problems.map((problem, index) => (
            // The same cell may have two problems: the row's place in the list keeps them apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: problems have no id, and the list never reorders
            <tr key={index} className="border-t border-slate-200">
              <td className={`${cell} tabular-nums`}>{formatNumber(problem.row)}</td>
              <td className={cell}>{problem.column || t.wholeRow}</td>
              <td className={cell}>{errorText(problem.code, { phoneCountry }) ?? authText.invalidValue}</td>
              <td className={`${cell} max-w-[16rem] [overflow-wrap:anywhere]`}>
                {problem.value ? (
                  // In its own direction: «-5» stays «-5» in a right-to-left table.
                  <span className="[unicode-bidi:plaintext]">{problem.value}</span>
                ) : (
                  <span className="text-slate-600">{t.empty}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
