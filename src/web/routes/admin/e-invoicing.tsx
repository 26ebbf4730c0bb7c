import { CircleAlert, CircleCheck, CircleX, FileCheck2, Info, TriangleAlert } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { data, Form, Link, redirect, useLocation } from 'react-router';
import { formatDate, formatDateTime } from '../../../contract/dates';
import type { EInvoicingStatus, ReportingDocument, ZatcaMessage } from '../../../contract/e-invoicing';
// Plain values only: the contract's schemas would load zod with the page (tests/api/web-bundle.test.ts).
import {
  DOCUMENT_FILTERS,
  ONBOARDING_STEPS,
  type OnboardingStep,
  ZATCA_ENVIRONMENTS,
  type ZatcaEnvironment,
} from '../../../contract/e-invoicing-values';
import { BusyRegion, useLoadingHere } from '../../components/busy-region';
import { ConfirmDialog, DialogCancel, DialogOpener } from '../../components/dialog';
import { EmptyState } from '../../components/empty-state';
import { FormAlert } from '../../components/form-alert';
import { FormField, SelectField } from '../../components/form-field';
import { Pagination } from '../../components/pagination';
import { SubmitButton } from '../../components/submit-button';
import { st } from '../../i18n/admin-store';
import { ei } from '../../i18n/e-invoicing';
import { type ApiClient, ApiError } from '../../lib/api';
import { formFailureFromApi } from '../../lib/api-errors';
import { requireUser } from '../../lib/auth.server';
import { apiFor } from '../../lib/context.server';
import { type EInvoicingField, eInvoicingFields } from '../../lib/e-invoicing-form';
import { validateCsr, validateOtp } from '../../lib/e-invoicing-validation';
import { type FieldErrors, type FormFailure, type FormValues, formValues, hasErrors } from '../../lib/form';
import { formatCode, formatNumber } from '../../lib/format';
import { pageMeta } from '../../lib/meta';
import { pageFrom, pageHref, usePageHref } from '../../lib/page-href';
import { redirectWithToast } from '../../lib/toast.server';
import { toast } from '../../lib/toasts';
import { useFormErrors } from '../../lib/use-form-errors';
import { useHydrated } from '../../lib/use-hydrated';
import { useUrlDialog } from '../../lib/use-url-dialog';
import type { Route } from './+types/e-invoicing';

/*
 * ZATCA phase 2 from the admin (docs/invoices.md § Onboarding, § On screen): which phase applies,
 * the onboarding steps in order with one button each, the certificate's renewal, and the documents
 * whose reporting needs an eye. Every form is a plain post to this route's action.
 */

const PATH = '/admin/e-invoicing';
const DOCUMENTS_PER_PAGE = 20;
/** The URL parameters that open the two confirmations (before JavaScript loads they are links). */
const RESTART = 'restart';
const RENEW = 'renew';

type Intent = 'csr' | 'compliance' | 'production' | 'renew' | 'correct';
type DocumentFilter = (typeof DOCUMENT_FILTERS)[number];
type Answer =
  | { intent: Intent; ok: true; text: string; tone: 'success' | 'error' }
  | ({
      intent: Intent;
      ok: false;
      values: FormValues<EInvoicingField>;
      zatcaMessages: ZatcaMessage[];
    } & FormFailure<EInvoicingField>);

const isFilter = (value: string | null): value is DocumentFilter =>
  (DOCUMENT_FILTERS as readonly (string | null)[]).includes(value);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, 'admin');
  const url = new URL(request.url);
  const status = url.searchParams.get('status');
  const filter: DocumentFilter = isFilter(status) ? status : 'pending';
  const page = pageFrom(url);
  const api = apiFor(request, context);
  const [eInvoicing, documents, settings] = await Promise.all([
    api.eInvoicing.status(),
    api.eInvoicing.documents({ status: filter, page, limit: DOCUMENTS_PER_PAGE }),
    api.settings.getForStaff(),
  ]);
  // A page past the last one (an old link) shows the last page.
  const lastPage = Math.max(1, documents.paginationResult.numberOfPages);
  if (page > lastPage) throw redirect(pageHref(url, lastPage));
  return {
    shop: context.shop,
    status: eInvoicing.data,
    documents,
    filter,
    country: settings.data.country,
    missing: settings.data.missingForTaxInvoices,
  };
}

/** ZATCA's own messages beside a ZATCA_REFUSED (or a refused reporting), as the API sends them. */
function zatcaMessagesOf(error: ApiError): ZatcaMessage[] {
  const body = error.body as { zatcaMessages?: unknown } | undefined;
  return Array.isArray(body?.zatcaMessages) ? (body.zatcaMessages as ZatcaMessage[]) : [];
}

const allPassed = (status: EInvoicingStatus) =>
  status.complianceChecks.length > 0 && status.complianceChecks.every((check) => check.passed);

/** One step's call to the API, after the same checks as the API's, and what the toast says when it worked. */
async function runStep(
  api: ApiClient,
  intent: Intent,
  values: FormValues<EInvoicingField>,
): Promise<{ fieldErrors: FieldErrors<EInvoicingField> } | { text: string; tone: 'success' | 'error' }> {
  if (intent === 'csr') {
    const fieldErrors = validateCsr(values);
    if (hasErrors(fieldErrors)) return { fieldErrors };
    await api.eInvoicing.createCsr(values.environment as ZatcaEnvironment);
    return { text: ei.csrCreated, tone: 'success' };
  }
  if (intent === 'production') {
    await api.eInvoicing.requestProduction();
    return { text: ei.productionIssued, tone: 'success' };
  }
  if (intent === 'correct') {
    const { data: correction } = await api.eInvoicing.correct(Number(values.number));
    return { text: ei.corrected(formatCode(correction.number)), tone: 'success' };
  }
  const fieldErrors = validateOtp(values);
  if (hasErrors(fieldErrors)) return { fieldErrors };
  if (intent === 'renew') {
    await api.eInvoicing.renew(values.otp);
    return { text: ei.renewed, tone: 'success' };
  }
  const { data: status } = await api.eInvoicing.requestCompliance(values.otp);
  return allPassed(status)
    ? { text: ei.complianceDone, tone: 'success' }
    : { text: ei.checksFailedNote, tone: 'error' };
}

const INTENTS: readonly Intent[] = ['csr', 'compliance', 'production', 'renew', 'correct'];

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context, 'admin');
  const form = await request.formData();
  const intent = form.get('intent');
  if (!INTENTS.includes(intent as Intent)) throw data(null, { status: 400 });
  const step = intent as Intent;
  const values = formValues(form, eInvoicingFields);
  const fail = (failure: FormFailure<EInvoicingField>, zatcaMessages: ZatcaMessage[] = []) =>
    data<Answer>({ intent: step, ok: false, values, zatcaMessages, ...failure }, { status: 400 });
  try {
    const outcome = await runStep(apiFor(request, context), step, values);
    if ('fieldErrors' in outcome) return fail(outcome);
    // With JavaScript the page stays and says it in a toast; before, it reloads without its dialog.
    if (form.get('js') === '1') return data<Answer>({ intent: step, ok: true, ...outcome });
    return redirectWithToast(request, pageWithoutDialogs(request), { type: outcome.tone, text: outcome.text });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const failure = formFailureFromApi(error, eInvoicingFields, context.shop.phoneCountry);
    // A correction is asked from a document's card in the list: its refusal is said in a toast.
    if (step === 'correct') {
      return redirectWithToast(request, pageWithoutDialogs(request), {
        type: 'error',
        text: failure.formError ?? ei.documentNotRefused,
      });
    }
    return fail(failure, zatcaMessagesOf(error));
  }
}

/** This page's URL (its document filter and page) without the dialogs' parameters. */
function pageWithoutDialogs(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete(RESTART);
  url.searchParams.delete(RENEW);
  return `${url.pathname}${url.search}`;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({ shop: loaderData?.shop, title: ei.title, description: ei.description, path: PATH, noindex: true });
}

type StepState = 'done' | 'current' | 'waiting';

/**
 * Where onboarding stands, step by step. Starting over while a production certificate signs
 * (`renewing`) answers step `production` until the compliance CSID: the screen shows it as the
 * fresh CSR it is.
 */
function stepsOf(status: EInvoicingStatus) {
  const step: OnboardingStep = status.renewing && status.step === 'production' ? 'csr_created' : status.step;
  const at = ONBOARDING_STEPS.indexOf(step);
  const state = (doneFrom: number, currentFrom: number): StepState =>
    at >= doneFrom ? 'done' : at >= currentFrom ? 'current' : 'waiting';
  return {
    step,
    csr: state(1, 0),
    compliance: state(3, 1),
    production: state(4, 3),
    signing: (at === 4 ? 'current' : status.phase === 2 ? 'done' : 'waiting') as StepState,
  };
}

export default function EInvoicing({ loaderData, actionData }: Route.ComponentProps) {
  const { status, documents, filter, shop, country, missing } = loaderData;
  const steps = stepsOf(status);
  const restart = useUrlDialog(RESTART);
  const renew = useUrlDialog(RENEW);
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const failureOf = (intent: Intent) => (failure?.intent === intent ? failure : undefined);

  // A step that worked says so; its dialog, if any, closes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer (the dialogs' helpers are new each render)
  useEffect(() => {
    if (!actionData?.ok) return;
    if (actionData.tone === 'success') toast.success(actionData.text);
    else toast.error(actionData.text);
    restart.close();
    renew.close();
  }, [actionData]);

  const saudi = country === 'SA';
  return (
    <>
      <h1 className="mb-5 text-2xl font-bold">{ei.title}</h1>
      <div
        role="status"
        className={`mb-5 rounded-xl border px-4 py-3 ${status.phase === 2 ? 'border-emerald-300 bg-emerald-50 text-emerald-950' : 'border-slate-300 bg-white text-slate-900'}`}
      >
        <p className="font-bold">{status.phase === 2 ? ei.phase2 : ei.phase1}</p>
        {status.phase === 1 && saudi && <p className="mt-1">{ei.phase1Next}</p>}
        {status.renewing && <p className="mt-1">{ei.renewingNote}</p>}
      </div>
      {!saudi && <Note tone="info">{ei.saudiOnly}</Note>}
      {saudi && missing.length > 0 && (
        <Note tone="warning">
          <p className="font-bold">{ei.sellerMissing}</p>
          <ul className="list-disc ps-5">
            {missing.map((requirement) => (
              <li key={requirement}>{st.missing[requirement]}</li>
            ))}
          </ul>
          <Link to="/admin/settings" className="font-bold underline">
            {ei.settingsLink}
          </Link>
        </Note>
      )}

      {saudi && (
        <section aria-labelledby="steps-heading" className="mb-8">
          <h2 id="steps-heading" className="mb-4 text-xl font-bold">
            {ei.stepsHeading}
          </h2>
          <ol className="space-y-4">
            <Step number={1} title={ei.step1} state={steps.csr}>
              {steps.step === 'not_started' ? (
                <CsrForm failure={failureOf('csr')} environment={status.environment} />
              ) : (
                <>
                  {status.environment && (
                    <p className="mb-3">{ei.chosenEnvironment(ei.environments[status.environment])}</p>
                  )}
                  <DialogOpener
                    href={restart.href()}
                    onOpen={() => restart.open()}
                    className="rounded-lg px-4 py-2.5 font-bold text-red-700 ring-1 ring-slate-300 hover:bg-slate-100"
                  >
                    {ei.restart}
                  </DialogOpener>
                </>
              )}
            </Step>
            <Step number={2} title={ei.step2} state={steps.compliance}>
              {steps.compliance === 'current' && (
                <OtpForm
                  intent="compliance"
                  // Holding the compliance CSID, the same request runs the checks again (docs/invoices.md § Onboarding).
                  label={steps.step === 'compliance_csid' ? ei.rerunChecks : ei.requestCompliance}
                  failure={failureOf('compliance')}
                />
              )}
              {steps.compliance === 'done' && <p>{ei.complianceDone}</p>}
              {status.complianceChecks.length > 0 && <ComplianceChecks checks={status.complianceChecks} />}
            </Step>
            <Step number={3} title={ei.step3} state={steps.production}>
              {steps.production === 'current' && (
                <Form method="post" className="space-y-3">
                  <HydratedFlag />
                  <FailureAlert failure={failureOf('production')} />
                  <StepButton intent="production" label={ei.requestProduction} />
                </Form>
              )}
              {steps.production === 'done' && <p>{ei.productionDone}</p>}
            </Step>
            <Step number={4} title={ei.step4} state={steps.signing}>
              {status.phase === 2 && (
                <div className="space-y-3">
                  {status.certificateExpiresAt && (
                    <p>{ei.certificateExpires(formatDate(status.certificateExpiresAt, shop.timeZone))}</p>
                  )}
                  {status.renewalDue && <Note tone="warning">{ei.renewalDue}</Note>}
                  <DialogOpener
                    href={renew.href()}
                    onOpen={() => renew.open()}
                    className="rounded-lg px-4 py-2.5 font-bold text-brand-800 ring-1 ring-slate-300 hover:bg-slate-100"
                  >
                    {ei.renew}
                  </DialogOpener>
                </div>
              )}
            </Step>
          </ol>
        </section>
      )}

      <Documents status={status} documents={documents} filter={filter} timeZone={shop.timeZone} />

      <ConfirmDialog
        open={restart.openFor !== null && steps.step !== 'not_started'}
        onOpenChange={(open) => !open && restart.close()}
        title={ei.restartTitle}
        description={status.phase === 2 ? ei.restartInProduction : ei.restartMidway}
      >
        <CsrForm failure={failureOf('csr')} cancelTo={useUrlWithout(RESTART)} environment={status.environment} />
      </ConfirmDialog>
      <ConfirmDialog
        open={renew.openFor !== null && status.phase === 2}
        onOpenChange={(open) => !open && renew.close()}
        title={ei.renewTitle}
        description={ei.renewQuestion}
      >
        <OtpForm intent="renew" label={ei.renew} failure={failureOf('renew')} cancelTo={useUrlWithout(RENEW)} />
      </ConfirmDialog>
    </>
  );
}

/** This page's URL without a dialog's parameter: where a dialog's cancel goes before JavaScript loads. */
function useUrlWithout(param: string) {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  params.delete(param);
  const query = params.toString();
  return `${pathname}${query ? `?${query}` : ''}`;
}

/** A form sent by JavaScript says so, and gets its answer as data (src/web/lib/list-action.server.ts). */
function HydratedFlag() {
  return useHydrated() ? <input type="hidden" name="js" value="1" /> : null;
}

/** A step's button: posts its intent, busy while its own post is on the way. */
function StepButton({
  intent,
  label,
  tone = 'primary',
}: {
  intent: Intent;
  label: string;
  tone?: 'primary' | 'danger';
}) {
  return (
    <SubmitButton intent={intent} postsIntent tone={tone} className="px-6">
      {label}
    </SubmitButton>
  );
}

const stateMarks = {
  done: { Icon: CircleCheck, className: 'bg-emerald-100 text-emerald-900' },
  current: { Icon: CircleAlert, className: 'bg-brand-50 text-brand-800' },
  waiting: { Icon: Info, className: 'bg-slate-100 text-slate-700' },
} as const;

function Step({
  number,
  title,
  state,
  children,
}: {
  number: number;
  title: string;
  state: StepState;
  children: ReactNode;
}) {
  const { Icon, className } = stateMarks[state];
  const headingId = `step-${number}`;
  return (
    <li
      aria-labelledby={headingId}
      aria-current={state === 'current' ? 'step' : undefined}
      className={`rounded-2xl bg-white p-4 shadow-sm ring-1 sm:p-5 ${state === 'current' ? 'ring-brand-600' : 'ring-slate-200'}`}
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-lg font-bold">
          {formatNumber(number)}. {title}
        </h3>
        <span className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-sm font-bold ${className}`}>
          <Icon aria-hidden="true" className="size-4" />
          {ei.stepState[state]}
        </span>
      </div>
      {state !== 'waiting' && children}
    </li>
  );
}

type StepFailure = Extract<Answer, { ok: false }>;

/** A step's failure in Arabic (the codes' table), ZATCA's own messages beside it; focus moves to it. */
function FailureAlert({ failure }: { failure: StepFailure | undefined }) {
  const alert = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failure?.formError) alert.current?.focus();
  }, [failure]);
  if (!failure?.formError) return null;
  return (
    <div ref={alert} tabIndex={-1} className="outline-none">
      <FormAlert className="">
        <p>{failure.formError}</p>
        {failure.zatcaMessages.length > 0 && <ZatcaMessages messages={failure.zatcaMessages} />}
      </FormAlert>
    </div>
  );
}

/** ZATCA's messages as it sends them: its code and English text, read left to right. */
function ZatcaMessages({ messages }: { messages: ZatcaMessage[] }) {
  return (
    <div className="mt-1 text-sm font-normal">
      <p>{ei.zatcaSays}</p>
      <ul dir="ltr" className="list-disc ps-5 text-start [overflow-wrap:anywhere]">
        {messages.map((message, index) => (
          // ZATCA may repeat a code with different texts: the position tells them apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered
          <li key={index}>
            <code className="font-bold">{message.code}</code>: {message.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Step 1's form: the environment and «إنشاء طلب الشهادة (CSR)»; in the restart dialog with its cancel. */
/** The CSR's form; starting over offers the environment the shop is in (never a quiet switch to the test portal). */
function CsrForm({
  failure,
  cancelTo,
  environment,
}: {
  failure: StepFailure | undefined;
  cancelTo?: string;
  environment: ZatcaEnvironment | null;
}) {
  const { errors, formProps } = useFormErrors(
    eInvoicingFields,
    { load: () => import('../../lib/e-invoicing-validation'), validate: (v, typed) => v.validateCsr(typed) },
    failure?.fieldErrors,
  );
  return (
    <Form method="post" className="space-y-4" {...formProps}>
      <HydratedFlag />
      <FailureAlert failure={failure} />
      <SelectField
        name="environment"
        label={ei.environment}
        defaultValue={failure?.values.environment || environment || 'developer-portal'}
        error={errors.environment}
        hint={ei.environmentHint}
      >
        {ZATCA_ENVIRONMENTS.map((environment) => (
          <option key={environment} value={environment}>
            {ei.environments[environment]}
          </option>
        ))}
      </SelectField>
      <div className="flex flex-wrap justify-end gap-3">
        {cancelTo !== undefined && (
          <DialogCancel to={cancelTo} alert>
            {ei.cancel}
          </DialogCancel>
        )}
        <StepButton intent="csr" label={ei.createCsr} tone={cancelTo !== undefined ? 'danger' : 'primary'} />
      </div>
    </Form>
  );
}

/** The portal's OTP and the step's button: the compliance CSID, or the renewal in its dialog. */
function OtpForm({
  intent,
  label,
  failure,
  cancelTo,
}: {
  intent: 'compliance' | 'renew';
  label: string;
  failure: StepFailure | undefined;
  cancelTo?: string;
}) {
  const { errors, formProps } = useFormErrors(
    eInvoicingFields,
    { load: () => import('../../lib/e-invoicing-validation'), validate: (v, typed) => v.validateOtp(typed) },
    failure?.fieldErrors,
  );
  return (
    <Form method="post" className="space-y-4" {...formProps}>
      <HydratedFlag />
      <FailureAlert failure={failure} />
      <FormField
        name="otp"
        id={`otp-${intent}`}
        label={ei.otp}
        inputMode="numeric"
        autoComplete="one-time-code"
        dir="ltr"
        maxLength={12}
        defaultValue={failure?.values.otp}
        error={errors.otp}
        hint={ei.otpHint}
      />
      <div className="flex flex-wrap justify-end gap-3 sm:justify-start">
        {cancelTo !== undefined && (
          <DialogCancel to={cancelTo} alert>
            {ei.cancel}
          </DialogCancel>
        )}
        <StepButton intent={intent} label={label} />
      </div>
    </Form>
  );
}

function ComplianceChecks({ checks }: { checks: EInvoicingStatus['complianceChecks'] }) {
  return (
    <div className="mt-4">
      <h4 className="mb-2 font-bold">{ei.checksHeading}</h4>
      <ul className="space-y-2">
        {checks.map((check) => {
          const Icon = check.passed ? CircleCheck : CircleX;
          return (
            <li key={check.document} className="rounded-lg bg-slate-50 px-3 py-2">
              <p className={`flex items-center gap-2 font-bold ${check.passed ? 'text-emerald-800' : 'text-red-800'}`}>
                <Icon aria-hidden="true" className="size-5 shrink-0" />
                {ei.checks[check.document]}: {check.passed ? ei.checkPassed : ei.checkFailed}
              </p>
              {check.messages.length > 0 && <ZatcaMessages messages={check.messages} />}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function Note({ tone, children }: { tone: 'info' | 'warning'; children: ReactNode }) {
  const Icon = tone === 'warning' ? TriangleAlert : Info;
  const colours = tone === 'warning' ? 'border-amber-300 bg-amber-50 text-amber-950' : 'border-sky-200 bg-sky-50';
  return (
    <div role="note" className={`mb-5 flex items-start gap-2 rounded-lg border px-3 py-2.5 ${colours}`}>
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div>{children}</div>
    </div>
  );
}

type DocumentList = Awaited<ReturnType<typeof loader>>['documents'];

const COUNTS = ['pending', 'late', 'rejected', 'reported_with_warnings', 'reported'] as const;

/** The documents by reporting state, the warnings, and the list of one state (links: no JavaScript needed). */
function Documents({
  status,
  documents,
  filter,
  timeZone,
}: {
  status: EInvoicingStatus;
  documents: DocumentList;
  filter: DocumentFilter;
  timeZone: string;
}) {
  const busy = useLoadingHere();
  const hrefFor = usePageHref();
  return (
    <section aria-labelledby="documents-heading">
      <h2 id="documents-heading" className="mb-4 text-xl font-bold">
        {ei.documentsHeading}
      </h2>
      {status.documents.late > 0 && <Note tone="warning">{ei.late}</Note>}
      {status.reportingProblem && (
        <Note tone="warning">
          <p className="font-bold">{ei.reportingProblem}</p>
          {status.reportingProblem.messages.length > 0 && <ZatcaMessages messages={status.reportingProblem.messages} />}
        </Note>
      )}
      <dl className="mb-5 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {COUNTS.map((state) => (
          <div key={state} className="rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200">
            <dt className="text-sm text-slate-700">{ei.counts[state]}</dt>
            <dd className="text-2xl font-bold">{formatNumber(status.documents[state])}</dd>
          </div>
        ))}
      </dl>
      <nav aria-label={ei.filterLabel} className="mb-4">
        <ul className="flex flex-wrap gap-2">
          {DOCUMENT_FILTERS.map((state) => (
            <li key={state}>
              <Link
                to={`?status=${state}`}
                aria-current={state === filter ? 'page' : undefined}
                preventScrollReset
                className="inline-block rounded-full px-3 py-1.5 text-sm font-bold ring-1 ring-slate-300 hover:bg-slate-100 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white aria-[current=page]:ring-brand-700"
              >
                {ei.counts[state]} ({formatNumber(status.documents[state])})
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <BusyRegion busy={busy}>
        <h3 className="sr-only">{ei.documentsOf(ei.counts[filter])}</h3>
        {documents.data.length === 0 ? (
          <EmptyState Icon={FileCheck2} title={ei.noDocuments} />
        ) : (
          <ul className="space-y-3">
            {documents.data.map((document) => (
              <li key={`${document.kind}-${document.number}`}>
                <DocumentCard document={document} timeZone={timeZone} />
              </li>
            ))}
          </ul>
        )}
      </BusyRegion>
      <Pagination
        currentPage={documents.paginationResult.currentPage}
        numberOfPages={documents.paginationResult.numberOfPages}
        hrefFor={hrefFor}
        label={ei.pages}
      />
    </section>
  );
}

const stateColours = {
  pending: 'bg-amber-100 text-amber-950',
  reported: 'bg-emerald-100 text-emerald-900',
  reported_with_warnings: 'bg-amber-100 text-amber-950',
  rejected: 'bg-red-100 text-red-900',
} as const;

function DocumentCard({ document, timeZone }: { document: ReportingDocument; timeZone: string }) {
  const headingId = `document-${document.kind}-${document.number}`;
  return (
    <article aria-labelledby={headingId} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={headingId} className="font-bold">
          {ei.documentNumber(ei.kinds[document.kind], formatCode(document.number))}
        </h4>
        <span className="flex flex-wrap gap-1">
          <span className={`rounded-full px-2 py-0.5 text-sm font-bold ${stateColours[document.reportingStatus]}`}>
            {ei.stateOf(document.kind, document.reportingStatus)}
          </span>
          {document.late && (
            <span className="rounded-full bg-red-100 px-2 py-0.5 text-sm font-bold text-red-900">
              {ei.lateBadge[document.kind]}
            </span>
          )}
        </span>
      </div>
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-slate-800">
        <Link to={`/admin/orders/${document.orderId}`} className="font-bold text-brand-800 underline">
          {ei.order(formatCode(document.orderNumber))}
        </Link>
        <span>
          {ei.issuedAt}: {formatDateTime(document.issuedAt, timeZone)}
        </span>
      </p>
      {document.reportingMessages.length > 0 && <ZatcaMessages messages={document.reportingMessages} />}
      {document.correctedBy !== null ? (
        <p className="mt-2 font-bold text-emerald-900">
          {ei.correctedBy(document.kind, formatCode(document.correctedBy))}
        </p>
      ) : (
        document.reportingStatus === 'rejected' && (
          <Form method="post" className="mt-3 space-y-2" preventScrollReset>
            <input type="hidden" name="number" value={document.number} />
            <p className="text-sm text-slate-700">{ei.correctHint}</p>
            <StepButton intent="correct" label={ei.correct} />
          </Form>
        )
      )}
    </article>
  );
}
