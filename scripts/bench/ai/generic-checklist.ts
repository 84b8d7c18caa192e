/**
 * A short checklist as a deal team writes its own, with names only (no catalog descriptions), for the
 * labelled set's second run in `npm run bench -- ai`: how well the classifier does on wording it was
 * not given. Each item lists the Default-preset codes whose documents answer it.
 */
export const GENERIC_CHECKLIST: [name: string, category: string, codes: string[]][] = [
  ['Corporate charter documents', 'Corporate', ['A.1', 'A.2']],
  ['Minutes of board meetings', 'Corporate', ['A.6']],
  ['Capitalization table and stock ledger', 'Corporate', ['A.8']],
  ['Financial statements (audited)', 'Finance', ['B.1']],
  ['Management accounts', 'Finance', ['B.3']],
  ['Indebtedness', 'Finance', ['B.11', 'B.12']],
  ['Tax returns', 'Tax', ['C.1', 'C.2', 'C.3']],
  ['Tax audits', 'Tax', ['C.5']],
  ['Customer contracts', 'Commercial', ['D.2']],
  ['Supplier agreements', 'Commercial', ['D.3']],
  ['Employee list', 'HR', ['E.1']],
  ['Executive employment agreements', 'HR', ['E.3']],
  ['NDAs', 'Legal', ['E.14']],
  ['Patents and trademarks', 'IP', ['F.1']],
  ['Data privacy', 'Compliance', ['G.1', 'G.2', 'G.6']],
  ['Permits', 'Compliance', ['G.11']],
  ['Real estate leases', 'Property', ['H.4']],
  ['Insurance', 'Property', ['H.9', 'H.11']],
  ['Litigation', 'Legal', ['H.12']],
];
