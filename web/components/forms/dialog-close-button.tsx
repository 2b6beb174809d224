/** The × of a modal: a dialog form's submit closes the <dialog> around it without any script. */
export function DialogCloseButton() {
  return (
    <form method="dialog">
      <button type="submit" aria-label="Close" className="-m-2 rounded-full p-2 text-muted hover:bg-surface hover:text-navy">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <path d="M6 6l12 12M18 6 6 18" />
        </svg>
      </button>
    </form>
  );
}
