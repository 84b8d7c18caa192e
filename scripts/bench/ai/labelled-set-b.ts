/**
 * The labelled set of `npm run bench -- ai`, part B (commercial, people, IP, compliance, property).
 * See labelled-set-a.ts.
 */
import type { Labelled } from './labelled-set-a.ts';

export const SET_B: Labelled[] = [
  // D. Commercial
  [
    'Material contracts list.xlsx',
    'D.1',
    'Schedule of material contracts with annual value above $250,000: counterparty, contract type, start date, expiry, annual value, change of control clause (yes/no), exclusivity (yes/no). 42 contracts listed.',
  ],
  [
    'Key contracts schedule.pdf',
    'D.1',
    'Disclosure schedule listing every contract of the company with an annual value over 250k, including customer, supplier, licence and distribution agreements.',
  ],
  [
    'MSA - Acme Retail (signed).pdf',
    'D.2',
    'Master Services Agreement between Northwind Inc. (provider) and Acme Retail Corp. (customer). The provider will deliver the subscription services described in each order form. Fees and payment. Term of three years with automatic renewal. Service levels and service credits. Limitation of liability.',
  ],
  [
    'Globex order form and SOW.pdf',
    'D.2',
    'Order Form number 2024-118 under the Master Subscription Agreement. Customer: Globex Corporation. Subscription: Enterprise plan, 1,200 seats, annual fee $910,000. Statement of work for implementation services.',
  ],
  [
    'customer agreement - Initech.docx',
    'D.2',
    'Software as a Service Agreement between Northwind and Initech (the Customer). Customer data, acceptable use, support, uptime commitment of 99.9%, fees, renewal and termination for convenience on 90 days notice.',
  ],
  [
    'AWS enterprise agreement.pdf',
    'D.3',
    'AWS Enterprise Agreement between Amazon Web Services, Inc. and Northwind Inc. Committed spend of $1.2m per year for three years in exchange for discounts. Service terms apply. Supplier may change services on notice.',
  ],
  [
    'Supply agreement - Contoso Components.pdf',
    'D.3',
    'Supply Agreement. The supplier shall manufacture and supply the products to the buyer in accordance with purchase orders. Pricing, minimum purchase commitments, delivery, warranties and supplier liability.',
  ],
  [
    'vendor contracts top 20.xlsx',
    'D.3',
    'Top twenty suppliers and vendors by spend: vendor, service, contract term, annual spend, auto renewal, termination notice. Cloud hosting, payroll provider, office services, contractors.',
  ],
  [
    'Change of control analysis.xlsx',
    'D.4',
    'Review of material contracts for change of control and anti-assignment clauses: contract, clause reference, consent required from the counterparty, termination right on change of control, notice period. Eleven contracts require consent.',
  ],
  [
    'Assignment and CoC provisions memo.docx',
    'D.4',
    'Memo summarising which customer and supplier agreements may not be assigned without consent and which allow the counterparty to terminate upon a change of control of the company.',
  ],
  [
    'Exclusivity and non-compete provisions summary.pdf',
    'D.5',
    'Summary of restrictive provisions in commercial contracts: exclusive distribution in Germany granted to one reseller, non-compete covenant in the Brightline APA, most favoured nation pricing promised to Acme Retail.',
  ],
  [
    'MFN clauses.xlsx',
    'D.5',
    'List of most-favoured-customer and most favoured nation pricing commitments, exclusivity grants and non-compete restrictions binding the company, with contract reference and expiry.',
  ],
  [
    'Lost customers and disputes 2022-2024.docx',
    'D.10',
    'Customers lost in the last three years with reasons (price, product gaps, acquisition of the customer), and disputes with customers and suppliers: a billing dispute with Hooli settled for $80,000 and a notice of breach from a reseller.',
  ],
  [
    'Scan_0044.pdf',
    'D.10',
    'Letter from Hooli Inc. giving notice that it disputes invoices for the period January to March and will not renew the agreement at the end of its term because of repeated service outages.',
  ],
  // E. Employment
  [
    'Employee census Dec 2024.xlsx',
    'E.1',
    'Employee list: employee ID, job title, department, location, start date, full time or part time, base salary, bonus target, exempt status, visa status. 214 employees in five countries.',
  ],
  [
    'headcount.csv',
    'E.1',
    'employee_id,title,department,country,hire_date,salary,fte\n1001,Software Engineer,Engineering,US,2019-04-01,150000,1.0\n1002,Account Executive,Sales,UK,2021-09-13,85000,1.0\n1003,HR Manager,People,DE,2020-01-06,72000,0.8',
  ],
  [
    'Contractors and consultants list.xlsx',
    'E.2',
    'Independent contractors, consultants and agency workers engaged by the company: name, role, country, agency, start date, day rate, length of engagement, and whether an IP assignment was signed.',
  ],
  [
    'Consulting agreement - R. Gupta.pdf',
    'E.2',
    'Independent Contractor Agreement between the company and Rahul Gupta, consultant. The consultant is an independent contractor and not an employee. Services, fees of $900 per day, invoicing, no benefits, term and termination.',
  ],
  [
    'Executive employment agreement - CEO.pdf',
    'E.3',
    'Employment Agreement between Northwind Inc. and Jane Smith as Chief Executive Officer. Base salary of $350,000, annual target bonus of 50%, equity grant, benefits, termination without cause and for good reason, severance of twelve months base salary.',
  ],
  [
    'Service agreement - CFO.docx',
    'E.3',
    'Service Agreement for the Chief Financial Officer of Northwind UK Limited: duties, salary, notice period of six months, garden leave, post-termination restrictions and pension contributions.',
  ],
  [
    'Retention bonus letters.pdf',
    'E.5',
    'Transaction bonus and retention letters: the employee will receive a retention payment equal to 50% of base salary if still employed six months after a change in control of the company. Severance protection on termination without cause.',
  ],
  [
    'CIC and severance plan.pdf',
    'E.5',
    'Executive Change in Control Severance Plan. Double-trigger acceleration of equity and severance benefits on a qualifying termination within twelve months after a change in control.',
  ],
  [
    'Sales commission plan FY24.pdf',
    'E.6',
    'FY2024 Sales Compensation Plan. On-target earnings split 50/50 between base and variable. Commission rates by quota attainment, accelerators above 100%, clawback on churned deals, quarterly payment.',
  ],
  [
    'Annual bonus scheme rules.docx',
    'E.6',
    'Rules of the company annual bonus scheme: eligibility, company performance and individual performance multipliers, target bonus percentages by grade and payment timing.',
  ],
  [
    '401(k) plan document and SPD.pdf',
    'E.7',
    'Northwind 401(k) Retirement Plan. Summary plan description. Eligibility, employee deferrals, employer matching contribution of 4%, vesting schedule, Form 5500 filings. Group health plan and welfare benefit plan documents attached.',
  ],
  [
    'Benefits overview 2024.pdf',
    'E.7',
    'Employee benefits: medical, dental and vision insurance plans, life and disability insurance, pension scheme in the UK with employer contribution, cafeteria plan. Plan documents and insurer policies listed.',
  ],
  [
    'EEOC charge - J. Doe.pdf',
    'E.11',
    'Charge of discrimination filed with the Equal Employment Opportunity Commission by a former employee alleging retaliation. Company position statement. Status: pending mediation.',
  ],
  [
    'Employment tribunal claims and investigations.docx',
    'E.11',
    'Summary of employment claims: two employment tribunal claims for unfair dismissal, one whistleblowing complaint investigated internally by external counsel, findings and outcome.',
  ],
  [
    'Mutual NDA - Globex.pdf',
    'E.14',
    'Mutual Non-Disclosure Agreement between Northwind Inc. and Globex Corporation. Each party may disclose confidential information to the other for the purpose of evaluating a potential business relationship. Obligations of confidentiality for three years.',
  ],
  [
    'Employee confidentiality and non-compete agreement (form).docx',
    'E.14',
    'Employee Confidentiality, Non-Competition and Non-Solicitation Agreement. The employee shall not disclose confidential information, shall not compete with the company for twelve months and shall not solicit employees or customers.',
  ],
  [
    'doc-17.pdf',
    'E.14',
    'This confidentiality agreement is made between the company and the recipient. The recipient shall keep all confidential information strictly confidential, use it only for the permitted purpose and return or destroy it on request.',
  ],
  // F. IP and technology
  [
    'IP schedule - patents and trademarks.xlsx',
    'F.1',
    'Registered intellectual property: patents and patent applications with numbers, jurisdiction, filing date and status; registered trademarks NORTHWIND in the US, EU and UK; domain names; registered copyrights.',
  ],
  [
    'Trademark registration certificates.pdf',
    'F.1',
    'United States Patent and Trademark Office. Certificate of registration for the mark NORTHWIND, registration number 6123456, in class 9 and class 42. EUIPO certificate of registration for the EU trade mark.',
  ],
  [
    'PIIA - all engineers.pdf',
    'F.3',
    'Proprietary Information and Inventions Assignment Agreement. The employee hereby assigns to the company all right, title and interest in all inventions conceived during employment. Prior inventions excluded are listed in Exhibit A.',
  ],
  [
    'Founder IP assignment.docx',
    'F.3',
    'Technology Assignment Agreement. The founder assigns to the company all intellectual property, code and know-how relating to the business created before incorporation, in exchange for shares of common stock.',
  ],
  [
    'Inbound licences list.xlsx',
    'F.4',
    'Software and technology licensed in by the company: licensor, licensed technology, field of use, royalties, term, exclusivity, and whether the licence can be assigned. Includes mapping data licence and a patent licence.',
  ],
  [
    'Licence agreement - MapData GmbH (inbound).pdf',
    'F.4',
    'Data Licence Agreement under which MapData GmbH grants the licensee a non-exclusive, non-transferable licence to use the map datasets in its products, in return for a royalty of 3% of net revenue.',
  ],
  [
    'OEM licence to Contoso (outbound).pdf',
    'F.5',
    'Software Licence Agreement under which Northwind grants Contoso Ltd a non-exclusive licence to embed the analytics engine in Contoso products and distribute it to end users. Royalty payable to Northwind. Covenant not to sue for the licensed patents.',
  ],
  [
    'Outbound licences and covenants.xlsx',
    'F.5',
    'Licences granted by the company to third parties of its intellectual property, including reseller licences, source code licences and covenants not to sue, with scope and royalties received.',
  ],
  [
    'Cease and desist - patent infringement.pdf',
    'F.6',
    'Letter alleging that the Northwind platform infringes United States Patent No. 9,876,543 and demanding that the company cease and desist or take a licence. Response from our counsel denying infringement.',
  ],
  [
    'IP disputes summary.docx',
    'F.6',
    'Summary of intellectual property claims and disputes: an opposition against our EU trademark, a patent troll letter, and a copyright takedown request; status and exposure of each.',
  ],
  [
    'OSS inventory (FOSSA export).csv',
    'F.7',
    'package,version,license,usage,distributed\nreact,18.2.0,MIT,frontend,yes\nlodash,4.17.21,MIT,backend,no\nghostscript,9.56,AGPL-3.0,pdf rendering,yes\npostgresql-jdbc,42.6,BSD-2-Clause,backend,no',
  ],
  [
    'Open source policy.pdf',
    'F.7',
    'Open Source Software Policy: approval process before using open source components, prohibited copyleft licences such as AGPL in distributed products, license scanning in CI, and attribution notices.',
  ],
  [
    'SOC 2 Type II report 2024.pdf',
    'F.11',
    "Independent service auditor's report on controls relevant to security and availability (SOC 2 Type II) for the period 1 January to 31 December 2024. No exceptions noted except one relating to access reviews.",
  ],
  [
    'Pen test report - Oct 2024.pdf',
    'F.11',
    'External penetration test of the web application and APIs. Findings: one high severity issue (stored cross-site scripting), three medium, five low. Remediation status. Information security policy set and ISO 27001 certificate attached.',
  ],
  [
    'Information security policy.docx',
    'F.11',
    'Information Security Policy: access control, encryption, vulnerability management, incident response, backup and business continuity, security awareness training, supplier security.',
  ],
  // G. Privacy and compliance
  [
    'Privacy notice (website).pdf',
    'G.1',
    'Privacy Notice. This notice explains how Northwind collects and uses personal data, the legal bases for processing, data retention, international transfers, your rights under the GDPR and CCPA, and how to contact our data protection officer.',
  ],
  [
    'Data protection policy.docx',
    'G.1',
    'Data Protection Policy for staff: principles of lawful processing, data minimisation, retention schedule, subject access requests, privacy by design and the role of the data protection officer.',
  ],
  [
    'ROPA.xlsx',
    'G.2',
    'Record of processing activities under Article 30 GDPR: processing activity, purpose, categories of data subjects, categories of personal data, recipients, international transfers, retention period, security measures.',
  ],
  [
    'Article 30 register.pdf',
    'G.2',
    'Register of processing activities maintained as controller and as processor, listing each processing operation, its purpose and lawful basis, and transfers outside the EEA.',
  ],
  [
    'Incident log 2022-2024.xlsx',
    'G.6',
    'Security incident and personal data breach log: date, description, data affected, number of data subjects, notified to the ICO (yes/no), notified to individuals, root cause, remediation. One notifiable breach in 2023 (misdirected email with payroll data).',
  ],
  [
    'ICO breach notification.pdf',
    'G.6',
    "Report of a personal data breach to the Information Commissioner's Office within 72 hours. Nature of the breach: unauthorised access to a customer support mailbox. Approximately 1,300 data subjects affected. Measures taken.",
  ],
  [
    'Anti-bribery and corruption policy.pdf',
    'G.9',
    'Anti-Bribery and Corruption Policy. The company prohibits bribes, facilitation payments and improper gifts to public officials under the FCPA and the UK Bribery Act 2010. Third party due diligence, gifts and hospitality register, whistleblowing.',
  ],
  [
    'FCPA compliance review 2023.docx',
    'G.9',
    'Review of compliance with the Foreign Corrupt Practices Act covering sales agents in India and the Middle East, payments to government customers and the gifts and hospitality register.',
  ],
  [
    'Export control classification and sanctions screening.pdf',
    'G.10',
    'Export classification of the products under the Export Administration Regulations (ECCN 5D992), sanctions screening procedure against OFAC SDN lists, and a list of countries where sales are blocked.',
  ],
  [
    'Sanctions compliance memo.docx',
    'G.10',
    'Memo on sanctions and export control compliance, including a voluntary self-disclosure to OFAC regarding two sales to a reseller later found to be owned by a sanctioned person.',
  ],
  [
    'Permits and licences register.xlsx',
    'G.11',
    'Governmental permits, licences and registrations held by the company: business licences, money transmitter licence in three states, FCA registration, environmental permits for the warehouse, with issuing authority and expiry.',
  ],
  [
    'FCA authorisation.pdf',
    'G.11',
    'Financial Conduct Authority. Confirmation of registration of Northwind Payments Limited as a small payment institution under the Payment Services Regulations 2017. Permissions granted.',
  ],
  [
    'FDA warning letter and response.pdf',
    'G.12',
    "Warning letter from the U.S. Food and Drug Administration following an inspection of the facility, citing observations on Form 483, and the company's response and corrective action plan.",
  ],
  [
    'Regulator correspondence 2024.pdf',
    'G.12',
    'Correspondence with regulators: notice of inspection from the state department of labor, results of a routine inspection by the data protection authority, and letters exchanged with the financial regulator.',
  ],
  // H. Real estate, insurance and litigation
  [
    'Property schedule.xlsx',
    'H.1',
    'Schedule of real property owned and leased: address, owned or leased, use (office, warehouse, data centre), square footage, landlord, rent, lease expiry.',
  ],
  [
    'Real estate summary.pdf',
    'H.1',
    "Summary of the group's real property: one owned warehouse in Ohio and seven leased offices, with their locations, sizes and tenure.",
  ],
  [
    'Warranty deed - 400 Industrial Pkwy.pdf',
    'H.2',
    "General Warranty Deed. The grantor conveys and warrants to Northwind Inc., grantee, the real property described in Exhibit A located at 400 Industrial Parkway, Columbus, Ohio, recorded in the county recorder's office. Title insurance policy attached.",
  ],
  [
    'Title documents - owned site.pdf',
    'H.2',
    'Official copy of the register of title and title plan for the freehold property owned by the company, with the vesting deed and recorded easements.',
  ],
  [
    'Office lease - 10 King Street, London.pdf',
    'H.4',
    'Lease of the second floor at 10 King Street, London between the landlord and Northwind UK Limited as tenant. Term of ten years from 1 March 2020 with a tenant break at year five. Annual rent of £420,000 subject to upward only rent review. Service charge. Alienation: no assignment without landlord consent.',
  ],
  [
    'Sublease - Austin office.docx',
    'H.4',
    'Sublease Agreement. The sublandlord subleases to Northwind Inc. the premises on the fourth floor of the building for the remaining term of the master lease. Base rent, operating expenses, security deposit and landlord consent.',
  ],
  [
    'Scan_0052.pdf',
    'H.4',
    'This lease is made between the landlord and the tenant for the premises known as Unit 4, Riverside Business Park. The tenant shall pay the rent quarterly in advance, keep the premises in repair and use them only as offices.',
  ],
  [
    'Phase I ESA - Columbus warehouse.pdf',
    'H.7',
    'Phase I Environmental Site Assessment prepared in accordance with ASTM E1527-21 for the warehouse at 400 Industrial Parkway. Recognized environmental conditions: former underground storage tank. Recommendation: Phase II subsurface investigation.',
  ],
  [
    'Environmental report.pdf',
    'H.7',
    'Phase II environmental site assessment with soil and groundwater sampling results at the owned site, concentrations compared with screening levels, conclusion that no further action is required.',
  ],
  [
    'Insurance schedule 2024-25.xlsx',
    'H.9',
    'Schedule of insurance policies: insurer, policy number, type of cover (property, general liability, cyber, D&O, E&O, employer liability), limits, deductibles, premium and renewal date.',
  ],
  [
    'D&O and cyber policies.pdf',
    'H.9',
    'Directors and officers liability insurance policy with a $10m limit and cyber liability policy with a $5m limit, declarations pages and policy wording.',
  ],
  [
    'Loss runs 5 years.pdf',
    'H.11',
    'Insurance loss runs for the last five policy years from each carrier: claims reported, date of loss, amounts paid and reserved, open and closed claims, including a workers compensation claim and a cyber claim.',
  ],
  [
    'Claims history.xlsx',
    'H.11',
    'History of insurance claims made by the company: date, policy, description, amount claimed, amount paid by the insurer, status.',
  ],
  [
    'Litigation schedule.xlsx',
    'H.12',
    'Pending and threatened litigation: case name, court, claimant, nature of the claim, amount claimed, insurance coverage, counsel, status and assessment of exposure. Includes a breach of contract suit and a putative class action.',
  ],
  [
    'Complaint - Hooli v Northwind.pdf',
    'H.12',
    'United States District Court for the Northern District of California. Hooli Inc., plaintiff, v. Northwind Inc., defendant. Complaint for breach of contract and breach of the implied covenant of good faith. Jury trial demanded. Damages in excess of $2,000,000.',
  ],
  [
    'Legal letter re threatened claim.docx',
    'H.12',
    'Letter before claim from solicitors acting for a former distributor threatening proceedings for damages for wrongful termination of the distribution agreement unless settlement is offered within 14 days.',
  ],
  // Near misses and names that say nothing, across the areas.
  [
    'IRS notice - penalty abatement.pdf',
    'C.5',
    "Notice CP215 from the Internal Revenue Service proposing a penalty for late filing, and the examination division's decision after the company requested abatement. Examination closed with no further adjustments.",
  ],
  [
    'audited accounts - subsidiary GmbH 2023.pdf',
    'B.1',
    "Jahresabschluss: financial statements of Northwind GmbH for the year 2023 with the auditor's opinion (Bestätigungsvermerk) issued by the independent auditor. Balance sheet and profit and loss account.",
  ],
  [
    'Reseller agreement - DACH.pdf',
    'D.5',
    'Exclusive reseller agreement. The company appoints the reseller as its exclusive distributor in Germany, Austria and Switzerland and agrees not to appoint any other reseller or sell directly in the territory during the term.',
  ],
  [
    'Document1.docx',
    'E.3',
    'This employment agreement sets out the terms on which the Vice President of Engineering is employed: base salary, annual bonus, equity grant, duties, notice, confidentiality and non-solicitation covenants.',
  ],
  [
    'export (2).xlsx',
    'E.1',
    'Name, job title, department, manager, location, hire date, annual salary, employment type. 187 rows of current employees exported from the HRIS.',
  ],
  [
    'IMG_2231.pdf',
    'A.3',
    'Certificate of Status. The Registrar certifies that Northwind Canada Inc. is a corporation existing under the laws of Ontario, has filed all required annual returns and has not been dissolved.',
  ],
  [
    'final_v3.pdf',
    'B.12',
    'Credit Agreement dated as of June 1, 2023 among Northwind Inc., as borrower, the lenders party hereto and First Bank, as administrative agent. Revolving commitments, term loans, interest rates, covenants, events of default and collateral.',
  ],
  [
    'Customer NDA template.docx',
    'E.14',
    'Template non-disclosure agreement the company signs with prospective customers before sharing product roadmaps: definition of confidential information, exclusions, term of two years, return of materials.',
  ],
  [
    'Tax indemnity deed (2022 acquisition).pdf',
    'C.7',
    'Tax Deed of Indemnity. The covenantors covenant to pay to the purchaser an amount equal to any liability to taxation of the company arising in respect of the period before completion, subject to the limitations in the share purchase agreement.',
  ],
  [
    'Budget vs actual Nov.xlsx',
    'B.3',
    'Monthly management report November: actual versus budget for revenue, gross margin and each cost centre, variance commentary, cash balance and debtor days for the board.',
  ],
  [
    'Sub-processor list and DPA.pdf',
    'G.1',
    'Data Processing Addendum and list of sub-processors used to process customer personal data, published with our privacy notice; standard contractual clauses for transfers.',
  ],
  [
    'Bank guarantees and letters of credit.pdf',
    'B.13',
    'Standby letters of credit issued on behalf of the company to landlords and a customer, and a parent company guarantee of a subsidiary lease, none recorded as liabilities.',
  ],
  [
    'Stock option ledger.xlsx',
    'A.10',
    'Option grants under the equity incentive plan: optionholder, grant date, number of options, exercise price, vesting start, vested to date, exercised, cancelled. 96 grants.',
  ],
  [
    'Scan_0061.pdf',
    'H.9',
    'Certificate of insurance. Insured: Northwind Inc. Commercial general liability each occurrence $1,000,000, umbrella liability $5,000,000, workers compensation statutory limits. Policy period 1 July 2024 to 1 July 2025.',
  ],
  [
    'Secretary certificate with resolutions.pdf',
    'A.6',
    "Secretary's Certificate. I certify that attached is a true copy of resolutions duly adopted by the Board of Directors at a meeting held on 2 May 2024 at which a quorum was present, approving the credit facility.",
  ],
  [
    'Employee handbook - confidentiality section.pdf',
    'E.14',
    'All employees must protect the confidential and proprietary information of the company and its customers during and after employment and may not solicit colleagues for twelve months after leaving.',
  ],
  [
    'Patent assignment - inventors to company.pdf',
    'F.3',
    'Assignment. For good and valuable consideration the inventors hereby sell, assign and transfer to Northwind Inc. the entire right, title and interest in the invention described in U.S. patent application No. 17/123,456.',
  ],
];
