/**
 * The trap field (forms.json `honeypotField`): off-screen, out of the tab order and hidden from
 * assistive technology, so only a bot that fills every input fills it.
 */
export function HoneypotField({ name }: { name: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] size-px overflow-hidden">
      <label>
        Leave this field empty
        <input type="text" name={name} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
