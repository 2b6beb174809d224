import { PROVIDER_START } from "@/lib/inbox/provider-sign-in";

/** Sign-in with the company's OpenID provider: a plain link to the service's redirect to it, which
 * works before the page's script does. */
export function ProviderButton({ name }: { name: string }) {
  return (
    <a href={PROVIDER_START} className="inbox-button block text-center">
      Sign in with {name}
    </a>
  );
}
