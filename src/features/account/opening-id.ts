// The ID number just certified, held in memory for the trade-password step that follows (docs/PRODUCT.md §5): its
// birth date is one of the weak passwords refused at the first entry. The opening form's copy in session storage is
// removed once certification succeeds, so without this the rule was only checked by the server, after the second
// entry. Memory only (never storage), forgotten once the password is set; a new launch between the two steps falls
// back to the server's check.

let certifiedIdCard: string | null = null;

export function holdCertifiedIdCard(idCard: string): void {
  certifiedIdCard = idCard;
}

export function certifiedIdCardInMemory(): string | null {
  return certifiedIdCard;
}

export function forgetCertifiedIdCard(): void {
  certifiedIdCard = null;
}
