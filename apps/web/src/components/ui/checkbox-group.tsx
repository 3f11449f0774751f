import { Checkbox } from './checkbox.tsx';

/** Checkboxes that pick some of a fixed set (a key's scopes, a webhook's events), in the order picked. */
export function CheckboxGroup<Option extends string>({
  legend,
  options,
  descriptions,
  picked,
  onChange,
}: {
  legend: string;
  options: readonly Option[];
  descriptions: Record<Option, string>;
  picked: Option[];
  onChange: (update: (current: Option[]) => Option[]) => void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium text-slate-800">{legend}</legend>
      {options.map((option) => (
        <Checkbox
          key={option}
          label={option}
          description={descriptions[option]}
          checked={picked.includes(option)}
          onChange={(e) => {
            const on = e.target.checked;
            onChange((current) => (on ? [...current, option] : current.filter((o) => o !== option)));
          }}
        />
      ))}
    </fieldset>
  );
}
