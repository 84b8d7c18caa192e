/**
 * The labelled set of `npm run bench -- ai`, part D: other industries than parts A to C (a biotech,
 * Helixa, and a consumer lender, Fenwick), written apart, with their regulators' words (FDA Form 483,
 * IND, CFPB, money transmission licences) and contracts a software company does not have (clinical trial
 * and CRO agreements, in- and out-licences). Before any tuning on it the classifier scored 75.0 % top-1
 * and 90.5 % precision at >= 80; the vocabulary then took the phrasings of its misses.
 */
import type { Labelled } from './labelled-set-a.ts';

export const SET_D: Labelled[] = [
  [
    'Helixa Bio - Certificate of Incorporation (as amended).pdf',
    'A.1',
    'Helixa Biosciences, Inc. Restated Certificate of Incorporation. Article IV: the Corporation is authorized to issue two classes of stock designated Common Stock and Preferred Stock.',
  ],
  [
    'HLX bylaws 2019.pdf',
    'A.2',
    'Bylaws of Helixa Biosciences, Inc. Stockholder meetings, board of directors, committees, officers, indemnification of directors and officers, fiscal year, amendments.',
  ],
  [
    'Helixa entity list and ownership.xlsx',
    'A.5',
    'Legal entities: Helixa Biosciences Inc (parent), Helixa Therapeutics Ltd (Ireland) 100%, Helixa Securities Corp (Massachusetts security corporation) 100%. Jurisdiction, ownership, directors.',
  ],
  [
    'Board consents 2023 (batch).pdf',
    'A.6',
    'Unanimous written consents of the Board of Directors: approval of the clinical development budget, approval of stock option grants, approval of the license agreement with Kyoto University.',
  ],
  [
    'Carta export - ownership.xlsx',
    'A.8',
    'Stakeholder ledger: common, Series A preferred, Series B preferred, options outstanding, RSUs, warrants, pool available, fully diluted ownership percent.',
  ],
  [
    'Option grants ledger and plan.pdf',
    'A.10',
    '2017 Equity Incentive Plan as amended; ledger of option grants with grant date, exercise price, vesting schedule, 409A valuation reports.',
  ],
  [
    'Series B closing set.pdf',
    'A.11',
    'Series B Preferred Stock Purchase Agreement, Amended and Restated Certificate of Incorporation, Form D notice of exempt offering of securities, state blue sky filings.',
  ],
  [
    'ROFR and co-sale agreement.pdf',
    'A.12',
    'Amended and Restated Right of First Refusal and Co-Sale Agreement among the company, the investors and key holders; transfer restrictions on key holder shares.',
  ],
  [
    'Audited FS 2022 & 2023 (E&Y).pdf',
    'B.1',
    'Report of independent registered public accounting firm. Balance sheets, statements of operations and comprehensive loss, convertible preferred stock and stockholders deficit, cash flows, notes. Substantial doubt about ability to continue as a going concern.',
  ],
  [
    'YTD Sept P&L and BS.xlsx',
    'B.2',
    'Year-to-date income statement and balance sheet through September 30, unaudited, with prior year comparatives.',
  ],
  [
    'R&D budget and cash runway.xlsx',
    'B.5',
    'Operating budget by program (HLX-101, HLX-202), clinical trial costs, CMC, headcount, G&A; cash runway projection to Q3 2026 under base and downside scenarios.',
  ],
  [
    'Revenue by partner and territory.xlsx',
    'B.7',
    'Collaboration and royalty revenue by partner, by product and by territory (US, EU, Japan) for 2021-2024.',
  ],
  [
    'Venture debt - Hercules loan agreement.pdf',
    'B.12',
    'Loan and Security Agreement with Hercules Capital: term loan tranches, interest-only period, end of term charge, warrants issued to the lender, negative pledge on intellectual property.',
  ],
  [
    'Federal and state returns 2020-2023.pdf',
    'C.1',
    'Form 1120 federal corporate income tax returns and Massachusetts corporate excise returns, with Form 6765 research credit computations.',
  ],
  [
    'Helixa 382 study and NOLs.xlsx',
    'C.10',
    'Ownership change analysis under Section 382 with testing dates at each financing; federal NOLs of $84m and orphan drug and R&D credit carryforwards.',
  ],
  [
    'Clinical trial agreement - Mass General.pdf',
    'D.3',
    'Clinical Trial Agreement between Helixa (sponsor) and Massachusetts General Hospital (institution) for the conduct of study HLX-101-201: budget per patient, payment schedule, publication, indemnification.',
  ],
  [
    'CRO master services agreement - IQVIA.pdf',
    'D.3',
    'Master Services Agreement under which IQVIA as contract research organisation will provide clinical trial management services to Helixa under work orders; fees and pass-through costs.',
  ],
  [
    'Commercial supply agreement - Lonza.pdf',
    'D.3',
    'Manufacturing and supply agreement: Lonza will manufacture drug substance under cGMP for Helixa; forecasts, binding purchase orders, batch release, quality agreement.',
  ],
  [
    'Co-development and license with Takeda.pdf',
    'F.5',
    'Helixa grants to Takeda an exclusive license under the Helixa patents to develop and commercialize HLX-202 in Japan; upfront payment, milestones, royalties on net sales.',
  ],
  [
    'Kyoto University license (in).pdf',
    'F.4',
    'Exclusive License Agreement under which Kyoto University grants to Helixa a license under the University patent rights covering the HLX platform; sublicensing, diligence obligations, royalties payable by Helixa.',
  ],
  [
    'Patent docket.xlsx',
    'F.1',
    'Patent families: title, jurisdiction, application number, filing date, status (granted, pending, PCT), expiry, assignee; trademark HELIXA registered in US and EU.',
  ],
  [
    'Inventor assignments.pdf',
    'F.3',
    'Assignments by the named inventors of all right, title and interest in the inventions and patent applications to Helixa Biosciences; consultant invention assignment clauses.',
  ],
  [
    'Opposition proceedings EPO.pdf',
    'F.6',
    'Notice of opposition filed at the European Patent Office against the Helixa patent by a competitor; grounds of lack of inventive step; company response; freedom to operate concerns.',
  ],
  [
    'HIPAA policies and notice of privacy practices.pdf',
    'G.1',
    'Notice of privacy practices for trial participants, HIPAA privacy and security policies, data protection policy for EU trial data.',
  ],
  [
    'FDA Form 483 and response.pdf',
    'G.12',
    'FDA Form 483 inspectional observations issued after the inspection of the manufacturing site, and the company response describing corrective and preventive actions.',
  ],
  [
    'IND and orphan designation letters.pdf',
    'G.11',
    'FDA letter that the investigational new drug application may proceed; orphan drug designation granted; EMA clinical trial authorisation.',
  ],
  [
    'Headcount roster Nov.xlsx',
    'E.1',
    'All staff: name, title, department (R&D, Clinical, CMC, G&A), FTE, location, start date, salary, equity.',
  ],
  [
    'Consulting agreements - KOLs.pdf',
    'E.2',
    'Consulting agreements with key opinion leaders and scientific advisory board members: services, hourly fees, confidentiality, invention assignment.',
  ],
  [
    'CEO and CSO employment agreements.pdf',
    'E.3',
    'Employment agreements of the Chief Executive Officer and the Chief Scientific Officer: salary, target bonus, severance upon termination without cause, change in control acceleration.',
  ],
  [
    'Benefits summary 2024.pdf',
    'E.7',
    'Medical, dental and vision plans, 401(k) with 4% match, life and disability insurance, employee assistance program.',
  ],
  [
    'Lab lease - Cambridge.pdf',
    'H.4',
    'Lease of laboratory and office space at 100 Binney Street, Cambridge: 35,000 rentable square feet, term seven years, tenant improvement allowance, hazardous materials rider.',
  ],
  [
    'Hazardous materials and waste permits.pdf',
    'H.7',
    'Environmental matters at the lab: hazardous waste generator registration, radioactive materials license, biosafety committee approvals, no known contamination.',
  ],
  [
    'Clinical trial insurance certificates.pdf',
    'H.9',
    'Certificates of insurance: clinical trial liability per country, product liability, D&O, property; insurer, limits and policy periods.',
  ],
  [
    'Pending litigation - none letter.pdf',
    'H.12',
    'Letter from counsel confirming that there is no pending or threatened litigation against the company other than the patent opposition described separately.',
  ],
  [
    'Grants from NIH.pdf',
    'G.11',
    'Notices of award of NIH SBIR grants, terms and conditions, government rights in subject inventions (Bayh-Dole), reporting obligations.',
  ],
  [
    'Fenwick Financial Services - MTL.pdf',
    'G.11',
    'Consumer lending licenses and money transmission licenses held by Fenwick Financial Services in each state where it operates, with license numbers and expiry.',
  ],
  [
    'Fenwick BSA AML program.pdf',
    'G.10',
    'Bank Secrecy Act and anti-money laundering compliance program: OFAC sanctions screening of customers, suspicious activity reporting, independent testing.',
  ],
  [
    'Fenwick CFPB exam report.pdf',
    'G.12',
    'Consumer Financial Protection Bureau supervisory examination report with matters requiring attention and the company response.',
  ],
  [
    'Fenwick loan tape.xlsx',
    'B.7',
    'Loan originations and interest income by product (personal loans, credit line), by state and by customer segment, monthly.',
  ],
  [
    'Warehouse facility - Fenwick.pdf',
    'B.12',
    'Revolving warehouse credit facility with a bank secured by the loan receivables; borrowing base, advance rates, covenants, guarantee by the parent.',
  ],
];
