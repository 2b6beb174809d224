/**
 * The phone field's country selector arrow, followed by the country's calling code ("+880"): the
 * same in the field's server HTML and once the phone library has taken over. Hidden from assistive
 * technology: the country select beside it already names the country.
 */
export function PhoneCountryArrow({ callingCode }: { callingCode: string | undefined }) {
  return (
    <>
      <div className="PhoneInputCountrySelectArrow" />
      {callingCode && (
        <span className="PhoneInputCallingCode" aria-hidden="true">
          +{callingCode}
        </span>
      )}
    </>
  );
}
