import type { Person } from "@/lib/inbox/types";

/** The staff a lead may be given to, and its owner now even if they may no longer own one. */
export function OwnerOptions({ owners, current }: { owners: Person[]; current?: Person | null }) {
  const everyone = current && !owners.some((owner) => owner.id === current.id) ? [...owners, current] : owners;
  return everyone.map((owner) => (
    <option key={owner.id} value={owner.id}>
      {owner.name}
    </option>
  ));
}
