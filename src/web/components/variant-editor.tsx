import { Plus, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { isColorOption, MAX_PRODUCT_OPTIONS, MAX_PRODUCT_VARIANTS } from '../../contract/constants';
import { variantText as vt } from '../i18n/admin-products';
import { colorLabels } from '../lib/color-name';
import { formatNumber } from '../lib/format';
import { plural } from '../lib/plural';
import {
  type FillAll,
  fillAll,
  type OptionDraft,
  rowKey,
  rowLabel,
  rowsFor,
  splitValues,
  tooManyCombinations,
  usableOptions,
  type VariantCell,
  type VariantDraft,
  type VariantErrors,
  type VariantRow,
  variantParts,
} from '../lib/product-variants';
import { FieldErrorText } from './field-error-text';

type VariantEditorProps = {
  draft: VariantDraft;
  /** The table the form started with: a combination removed and added back gets its saved row again. */
  initialRows: readonly VariantRow[];
  onChange: (draft: VariantDraft) => void;
  errors: VariantErrors;
  /** Clears a row's messages once one of its cells is edited. */
  onRowEdited: (key: string) => void;
  /** The form's line about the table (the API's answer or the check before sending). */
  summary: string | undefined;
  /** Whether the product had options when the form opened (removing them all still posts the parts). */
  hadOptions: boolean;
};

const SUGGESTED_NAMES = ['المقاس', 'اللون'];

const cellClass =
  'block w-full min-w-24 rounded-lg border border-slate-300 bg-white px-2 py-2 text-base aria-invalid:border-red-600 aria-invalid:bg-red-50';

/** The table's cells a person types, with their column headers. */
const columns: { cell: VariantCell; header: string; inputMode: 'decimal' | 'numeric' | 'text' }[] = [
  { cell: 'price', header: vt.price, inputMode: 'decimal' },
  { cell: 'priceAfterDiscount', header: vt.priceAfterDiscount, inputMode: 'decimal' },
  { cell: 'quantity', header: vt.quantity, inputMode: 'numeric' },
  { cell: 'sku', header: vt.sku, inputMode: 'text' },
  { cell: 'barcode', header: vt.barcode, inputMode: 'numeric' },
];

/**
 * «الخيارات والأصناف» of the product form (docs/variants.md): up to three options and the table of
 * their combinations, each row with its price, discount, stock, SKU and barcode, and «تطبيق على
 * الكل». The form posts the state as the JSON parts `options` and `variants` (hidden inputs).
 */
export function VariantEditor({
  draft,
  initialRows,
  onChange,
  errors,
  onRowEdited,
  summary,
  hadOptions,
}: VariantEditorProps) {
  const id = useId();
  const [status, setStatus] = useState('');
  const tableRef = useRef<HTMLDivElement>(null);
  const active = usableOptions(draft.options).length > 0;
  const tooMany = tooManyCombinations(draft.options);
  const parts = variantParts(draft);

  // After a check or the API's answer, the first row with a message takes the focus, unless a field
  // above has it. Editing a row only drops its own messages: the others keep their objects, and the focus stays.
  const shownErrors = useRef(errors.rows);
  useEffect(() => {
    const fresh = Object.entries(errors.rows).some(([key, cells]) => shownErrors.current[key] !== cells);
    shownErrors.current = errors.rows;
    if (!fresh) return;
    const first = tableRef.current?.querySelector<HTMLInputElement>('input[aria-invalid="true"]');
    const focused = document.activeElement;
    if (first && !(focused instanceof HTMLElement && focused.getAttribute('aria-invalid') === 'true')) first.focus();
  }, [errors.rows]);

  function setOptions(options: OptionDraft[]) {
    onChange({ options, rows: rowsFor(options, [...initialRows, ...draft.rows]) });
  }

  function setOption(index: number, option: OptionDraft) {
    setOptions(draft.options.map((old, i) => (i === index ? option : old)));
  }

  function removeOption(index: number) {
    const name = draft.options[index]?.name || vt.newOption;
    setOptions(draft.options.filter((_, i) => i !== index));
    setStatus(vt.optionRemoved(name));
  }

  function setRow(key: string, change: Partial<VariantRow>) {
    onChange({ ...draft, rows: draft.rows.map((row) => (rowKey(row) === key ? { ...row, ...change } : row)) });
    onRowEdited(key);
  }

  function applyToAll(fill: FillAll) {
    onChange({ ...draft, rows: fillAll(draft.rows, fill) });
    for (const row of draft.rows) if (row.on) onRowEdited(rowKey(row));
    setStatus(plural(draft.rows.filter((row) => row.on).length, vt.filled));
  }

  const message = tooMany ? vt.variantsTooMany(formatNumber(MAX_PRODUCT_VARIANTS)) : (errors.general ?? summary);
  return (
    <fieldset className="min-w-0 rounded-xl border border-slate-200 p-4" aria-describedby={`${id}-hint`}>
      <legend className="px-1 font-bold text-slate-800">{vt.section}</legend>
      <p id={`${id}-hint`} className="mb-3 text-sm text-slate-600">
        {vt.sectionHint}
      </p>
      {(active || hadOptions) && (
        <>
          <input type="hidden" name="options" value={parts.options} />
          <input type="hidden" name="variants" value={parts.variants} />
        </>
      )}
      <FieldErrorText id={`${id}-error`} message={message} spacing="mb-3" />
      <datalist id={`${id}-names`}>
        {SUGGESTED_NAMES.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <div className="flex flex-col gap-4">
        {draft.options.map((option, index) => (
          <OptionEditor
            // An option's place is its identity while it is edited (its name changes as it is typed).
            // biome-ignore lint/suspicious/noArrayIndexKey: options have no id of their own
            key={index}
            option={option}
            position={index + 1}
            namesListId={`${id}-names`}
            onChange={(next) => setOption(index, next)}
            onRemove={() => removeOption(index)}
          />
        ))}
      </div>
      {draft.options.length < MAX_PRODUCT_OPTIONS && (
        <button
          type="button"
          onClick={() => setOptions([...draft.options, { name: '', values: [] }])}
          className="mt-3 inline-flex min-h-11 items-center gap-1.5 rounded-lg border border-brand-700 px-3 font-bold text-brand-700 hover:bg-brand-50"
        >
          <Plus aria-hidden="true" className="size-4" />
          {vt.addOption}
        </button>
      )}
      {active && !tooMany && (
        <>
          <FillAllControls onApply={applyToAll} />
          <p id={`${id}-table-hint`} className="mt-4 mb-2 text-sm text-slate-600">
            {vt.tableHint}{' '}
            {vt.rowsCount(formatNumber(draft.rows.filter((row) => row.on).length), formatNumber(draft.rows.length))}
          </p>
          {/* On a phone the table scrolls sideways inside its box; the page does not. */}
          <section
            ref={tableRef}
            aria-label={vt.table}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
            tabIndex={0}
            className="max-w-full overflow-x-auto rounded-lg border border-slate-200"
          >
            <table className="w-full min-w-[44rem] border-collapse text-sm" aria-describedby={`${id}-table-hint`}>
              <thead className="bg-slate-50">
                <tr>
                  <th scope="col" className="p-2 text-start">
                    {vt.variant}
                  </th>
                  <th scope="col" className="p-2 text-start">
                    {vt.onSale}
                  </th>
                  {columns.map((column) => (
                    <th key={column.cell} scope="col" className="p-2 text-start">
                      {column.header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {draft.rows.map((row, index) => {
                  const key = rowKey(row);
                  const label = rowLabel(row.options);
                  const rowErrors = errors.rows[key] ?? {};
                  const cellId = (cell: string) => `${id}-r${index}-${cell}`;
                  return (
                    <tr
                      key={key}
                      className={row.on ? 'border-t border-slate-200' : 'border-t border-slate-200 bg-slate-50'}
                    >
                      <th scope="row" className="p-2 text-start align-top font-bold">
                        {label}
                        {rowErrors.options && (
                          <span id={cellId('options-error')} className="block text-xs font-bold text-red-700">
                            {rowErrors.options}
                          </span>
                        )}
                      </th>
                      <td className="p-2 align-top">
                        <input
                          type="checkbox"
                          checked={row.on}
                          onChange={(event) => setRow(key, { on: event.target.checked })}
                          aria-label={vt.sellRow(label)}
                          className="size-5"
                        />
                      </td>
                      {columns.map((column) => {
                        const error = row.on ? rowErrors[column.cell] : undefined;
                        return (
                          <td key={column.cell} className="p-2 align-top">
                            <input
                              id={cellId(column.cell)}
                              value={row[column.cell]}
                              onChange={(event) => setRow(key, { [column.cell]: event.target.value })}
                              disabled={!row.on}
                              aria-label={vt.cellLabel(column.header, label)}
                              aria-invalid={error ? true : undefined}
                              aria-describedby={error ? cellId(`${column.cell}-error`) : undefined}
                              inputMode={column.inputMode}
                              dir="ltr"
                              className={cellClass}
                            />
                            {error && (
                              <span
                                id={cellId(`${column.cell}-error`)}
                                className="mt-1 block text-xs font-bold text-red-700"
                              >
                                {error}
                              </span>
                            )}
                          </td>
                        );
                      })}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </section>
        </>
      )}
      <p role="status" className="sr-only">
        {status}
      </p>
    </fieldset>
  );
}

type OptionEditorProps = {
  option: OptionDraft;
  position: number;
  namesListId: string;
  onChange: (option: OptionDraft) => void;
  onRemove: () => void;
};

/** One option: its name (suggested: «المقاس», «اللون») and its values, typed or, for a colour, picked. */
function OptionEditor({ option, position, namesListId, onChange, onRemove }: OptionEditorProps) {
  const id = useId();
  const shownName = option.name.trim() || vt.newOption;
  return (
    <div className="rounded-lg bg-slate-50 p-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-name`} className="mb-1 block font-bold text-slate-800">
            {vt.optionName(formatNumber(position))}
          </label>
          <input
            id={`${id}-name`}
            value={option.name}
            list={namesListId}
            onChange={(event) => onChange({ ...option, name: event.target.value })}
            className={cellClass}
          />
        </div>
        <button
          type="button"
          onClick={onRemove}
          className="inline-flex min-h-11 items-center gap-1 rounded-lg px-3 font-bold text-red-700 hover:bg-red-50"
        >
          <X aria-hidden="true" className="size-4" />
          {vt.removeOption(shownName)}
        </button>
      </div>
      {isColorOption(option.name) ? (
        <ColorValues option={option} onChange={onChange} />
      ) : (
        <TextValues option={option} label={vt.optionValues(shownName)} onChange={onChange} />
      )}
    </div>
  );
}

/** Values typed as a comma list («41، 42، 43»); the text stays as typed while the values follow it. */
function TextValues({
  option,
  label,
  onChange,
}: {
  option: OptionDraft;
  label: string;
  onChange: (option: OptionDraft) => void;
}) {
  const id = useId();
  const [text, setText] = useState(option.values.join('، '));
  return (
    <div className="mt-3">
      <label htmlFor={`${id}-values`} className="mb-1 block font-bold text-slate-800">
        {label}
      </label>
      <input
        id={`${id}-values`}
        value={text}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          setText(event.target.value);
          onChange({ ...option, values: splitValues(event.target.value) });
        }}
        className={cellClass}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        {vt.optionValuesHint}
      </p>
    </div>
  );
}

/** A colour option's values: picked with the browser's colour input, shown as swatches named in Arabic. */
function ColorValues({ option, onChange }: { option: OptionDraft; onChange: (option: OptionDraft) => void }) {
  const id = useId();
  const [picked, setPicked] = useState('#000000');
  const [problem, setProblem] = useState('');
  const labels = colorLabels(option.values);

  function add() {
    const color = picked.toLowerCase();
    if (option.values.includes(color)) {
      setProblem(vt.colorExists(colorLabels([color])[0] ?? color));
      return;
    }
    setProblem('');
    onChange({ ...option, values: [...option.values, color] });
  }

  return (
    <div className="mt-3">
      <ul className="mb-2 flex flex-wrap gap-2">
        {option.values.length === 0 && <li className="text-sm text-slate-600">{vt.noColors}</li>}
        {option.values.map((value, index) => (
          <li key={value}>
            <button
              type="button"
              onClick={() => onChange({ ...option, values: option.values.filter((v) => v !== value) })}
              aria-label={vt.removeColor(labels[index] ?? value)}
              className="inline-flex min-h-11 items-center gap-2 rounded-full border border-slate-300 bg-white px-3"
            >
              <span
                aria-hidden="true"
                className="size-5 rounded-full ring-1 ring-slate-300"
                style={{ background: value }}
              />
              <span aria-hidden="true">{labels[index]}</span>
              <X aria-hidden="true" className="size-4" />
            </button>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={`${id}-pick`}>{vt.pickColor(option.name.trim())}</label>
        <input
          id={`${id}-pick`}
          type="color"
          value={picked}
          onChange={(event) => setPicked(event.target.value)}
          aria-describedby={problem ? `${id}-problem` : undefined}
          className="h-11 w-16 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
        />
        <button
          type="button"
          onClick={add}
          className="inline-flex min-h-11 items-center gap-1.5 rounded-lg border border-brand-700 px-3 font-bold text-brand-700 hover:bg-brand-50"
        >
          <Plus aria-hidden="true" className="size-4" />
          {vt.addColor(option.name.trim())}
        </button>
      </div>
      <FieldErrorText id={`${id}-problem`} message={problem} spacing="mt-1" live />
    </div>
  );
}

/** «تطبيق على الكل»: price, discount and stock for every row that is on; a field left empty changes nothing. */
function FillAllControls({ onApply }: { onApply: (fill: FillAll) => void }) {
  const id = useId();
  const [fill, setFill] = useState<Required<FillAll>>({ price: '', priceAfterDiscount: '', quantity: '' });
  const fields: { name: keyof FillAll; label: string; inputMode: 'decimal' | 'numeric' }[] = [
    { name: 'price', label: vt.fillPrice, inputMode: 'decimal' },
    { name: 'priceAfterDiscount', label: vt.fillDiscount, inputMode: 'decimal' },
    { name: 'quantity', label: vt.fillQuantity, inputMode: 'numeric' },
  ];
  return (
    <fieldset className="mt-4 min-w-0 rounded-lg bg-brand-50 p-3">
      <legend className="float-start font-bold text-slate-800">{vt.fillAll}</legend>
      <p className="clear-both mb-2 text-xs text-slate-600">{vt.fillAllHint}</p>
      <div className="grid gap-3 sm:grid-cols-4 sm:items-end">
        {fields.map((field) => (
          <div key={field.name}>
            <label htmlFor={`${id}-${field.name}`} className="mb-1 block text-sm text-slate-800">
              {field.label}
            </label>
            <input
              id={`${id}-${field.name}`}
              value={fill[field.name]}
              onChange={(event) => setFill({ ...fill, [field.name]: event.target.value })}
              inputMode={field.inputMode}
              dir="ltr"
              className={cellClass}
            />
          </div>
        ))}
        <button
          type="button"
          onClick={() => onApply(fill)}
          className="min-h-11 rounded-lg bg-brand-700 px-4 font-bold text-white hover:bg-brand-800"
        >
          {vt.fillAll}
        </button>
      </div>
    </fieldset>
  );
}
