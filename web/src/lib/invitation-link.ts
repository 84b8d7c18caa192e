/**
 * The invitation link a sign-in, a registration or a confirmation comes from: it proves the address
 * (docs/decisions.md decision 33). Sign-in and the invitation page both send it.
 */
export interface InvitationLink {
  id: string;
  token: string;
}
