/**
 * The labelled set of `npm run bench -- ai`, part C: two more companies written apart from parts A and B,
 * in other words than the checklist's. Quantaflux (US, SaaS) found the vocabulary's gaps and was used to
 * close them; Brightwater (UK, food) was written before that tuning and scored 90.4 % top-1 on it, so it
 * says how the classifier does on documents it was not tuned for.
 */
import type { Labelled } from './labelled-set-a.ts';

export const SET_C: Labelled[] = [
  // Quantaflux Technologies (US)
  [
    'Quantaflux_CoI_stamped.pdf',
    'A.1',
    'The undersigned incorporator hereby forms a corporation under the Delaware General Corporation Law. Name: Quantaflux Technologies, Inc. Registered agent: The Corporation Trust Company. Authorized capital: 50,000,000 shares, par value $0.0001. Filed 03/14/2016, Division of Corporations.',
  ],
  [
    'Restated charter 2021.pdf',
    'A.1',
    'Sixth Amended and Restated Certificate of Incorporation of Quantaflux Technologies, Inc., adopted in accordance with Sections 242 and 245. Designation of Series C Preferred Stock, liquidation preference, protective provisions.',
  ],
  [
    'QF GmbH Gesellschaftsvertrag (EN translation).docx',
    'A.2',
    'Partnership agreement / articles of the limited liability company Quantaflux GmbH, registered office Munich. Share capital EUR 25,000. Managing directors, shareholder resolutions, transfer of shares requires consent of the shareholders meeting.',
  ],
  [
    'LLC Agreement - QF Holdings LLC.pdf',
    'A.2',
    'Limited Liability Company Agreement of QF Holdings LLC. Members, capital contributions, allocations of profit and loss, distributions, management by the board of managers, transfer restrictions, dissolution.',
  ],
  [
    'GoodStanding_DE_2024-05.pdf',
    'A.3',
    'I, Secretary of State of the State of Delaware, do hereby certify that Quantaflux Technologies, Inc. is duly incorporated under the laws of the State of Delaware and is in good standing and has a legal corporate existence so far as the records of this office show.',
  ],
  [
    'Group structure.pptx.pdf',
    'A.5',
    'Corporate structure chart: Quantaflux Technologies, Inc. (Delaware) owns 100% of Quantaflux GmbH (Germany), Quantaflux Ltd (UK) and 60% of QF Analytics Pte. Ltd. (Singapore, JV with local partner).',
  ],
  [
    'BoD meeting 12 Sept 2023 - signed.pdf',
    'A.6',
    'Minutes of a meeting of the Board of Directors held by videoconference. Present: all directors; counsel attending by invitation. The Board approved the FY24 operating plan, the grant of options listed in Exhibit A, and the engagement of the auditors. There being no further business, the meeting was adjourned.',
  ],
  [
    'UWC audit committee.pdf',
    'A.6',
    'Action by unanimous written consent of the Audit Committee of the Board of Directors in lieu of a meeting. Resolved, that the committee recommends the appointment of the independent registered public accounting firm.',
  ],
  [
    'AGM 2023 minutes.docx',
    'A.7',
    'Minutes of the annual general meeting of the stockholders. Quorum present in person or by proxy representing 78% of the outstanding voting shares. Election of directors; ratification of auditors; vote results.',
  ],
  [
    'cap table 31-03-2024.xlsx',
    'A.8',
    'Holder, class, shares outstanding, options granted, options available, warrants, SAFE conversion, fully diluted shares, fully diluted %, total 41,237,118.',
  ],
  [
    '2018 Stock Plan + forms.pdf',
    'A.10',
    '2018 Stock Option and Grant Plan. Purpose; administration by the Board; eligibility; incentive stock options and non-qualified options; restricted stock awards; vesting; form of option agreement and notice of grant.',
  ],
  [
    'Series C SPA executed.pdf',
    'A.11',
    'Series C Preferred Stock Purchase Agreement. Sale and issuance of Series C Preferred Stock at $4.12 per share. Closing. Representations of the company and of the purchasers. Form D filed with the SEC under Regulation D Rule 506(b).',
  ],
  [
    'IRA and voting agmt.pdf',
    'A.12',
    'Amended and Restated Investors Rights Agreement and Voting Agreement: registration rights, information rights, right of first offer, drag-along, board composition and the obligation of key holders to vote their shares.',
  ],
  [
    'Project Kestrel APA.pdf',
    'A.14',
    'Asset Purchase Agreement by and between Quantaflux Technologies, Inc. (Buyer) and Kestrel Data Systems LLC (Seller), under which Buyer acquired substantially all of the assets of the Seller for $7.5m plus an earn-out.',
  ],
  [
    'FY2023 FS signed by KPMG.pdf',
    'B.1',
    'Independent auditors report. In our opinion, the accompanying consolidated financial statements present fairly, in all material respects, the financial position of Quantaflux Technologies as of December 31, 2023 and 2022, in conformity with US GAAP. Consolidated balance sheets, statements of operations, cash flows.',
  ],
  [
    'Q1 2024 unaudited.xlsx',
    'B.2',
    'Unaudited condensed consolidated balance sheet and income statement for the three months ended March 31, 2024, with comparatives. Not reviewed by auditors.',
  ],
  [
    'Board pack - May financials.pdf',
    'B.3',
    'Monthly reporting pack for the board: P&L vs budget, cash position, headcount, KPIs (ARR, net retention, burn multiple), commentary from the CFO for May.',
  ],
  [
    'LRP model v12.xlsx',
    'B.5',
    'Five-year long range plan: revenue build by segment, gross margin, opex by function, hiring plan, cash runway. Assumptions tab: price increases 5%, churn 8%, new logos per quarter.',
  ],
  [
    'QoE adjustments.xlsx',
    'B.6',
    'Bridge from reported net income to adjusted EBITDA: add back depreciation, amortisation, stock-based compensation, one-off legal costs, restructuring; normalisation adjustments proposed by the buyer diligence provider.',
  ],
  [
    'ARR by logo and region.xlsx',
    'B.7',
    'Recurring revenue split by customer, product line (Core, Analytics, Services) and region (NA, EMEA, APAC) for the last 36 months.',
  ],
  [
    'Debtors ageing June.xlsx',
    'B.8',
    'Trade debtors ledger by customer with buckets current, 31-60, 61-90, over 90 days; provision for doubtful debts and write-offs in the year.',
  ],
  [
    'Loan facility agreement - SVB.pdf',
    'B.12',
    'Loan and Security Agreement between Silicon Valley Bank and Quantaflux. Revolving line of USD 15m, term loan, financial covenants, grant of a security interest in all assets of the borrower, events of default.',
  ],
  [
    'Debt summary.xlsx',
    'B.11',
    'All borrowings outstanding at quarter end: lender, facility, drawn amount, interest rate, maturity, prepayment penalty, capital leases, shareholder loans. Total debt USD 11.3m.',
  ],
  [
    'Guarantees and LCs off BS.docx',
    'B.13',
    'Memo on commitments not recorded on the balance sheet: standby letters of credit issued for office leases, parent company guarantees for the UK subsidiary, purchase commitments and contingent earn-out obligations.',
  ],
  [
    'NWC peg analysis.xlsx',
    'B.15',
    'Net working capital by month for the trailing twenty-four months: receivables, inventory, prepaid, payables, accrued expenses, deferred revenue; proposed target NWC for the purchase price adjustment.',
  ],
  [
    'Transactions with insiders.docx',
    'B.18',
    'Schedule of arrangements between the company and its directors, officers, founders and their affiliates: office sublease from a company owned by the CEO, consulting fees to a board member, loans to officers.',
  ],
  [
    'Form 1120 FY22.pdf',
    'C.1',
    'U.S. Corporation Income Tax Return Form 1120 for calendar year 2022. Taxable income, total tax, schedules. Also California Form 100 and German corporate income tax return (Koerperschaftsteuererklaerung).',
  ],
  [
    'VAT returns UK 2023.pdf',
    'C.2',
    'HMRC VAT return for quarterly periods: VAT due on sales, VAT reclaimed on purchases, net VAT payable. EU OSS returns for digital services.',
  ],
  [
    '941s and W-2 transmittals.pdf',
    'C.3',
    'Employers quarterly federal tax return Form 941 for Q1 through Q4; annual Form W-3 transmittal; state unemployment insurance filings.',
  ],
  [
    'IRS exam closing letter.pdf',
    'C.5',
    'Internal Revenue Service. Examination of your return for tax year 2020 has been completed. No change report. Also enclosed: notice of proposed adjustment from the state department of revenue.',
  ],
  [
    'Intercompany tax sharing agreement.pdf',
    'C.7',
    'Agreement among the members of the consolidated group on the allocation of the consolidated federal income tax liability and the indemnification of members for taxes of the group.',
  ],
  [
    'Sales tax nexus study.xlsx',
    'C.9',
    'Economic nexus analysis by state after Wayfair: sales and transaction counts per state against thresholds, states where registration is needed, exposure estimate and a voluntary disclosure agreement with Texas.',
  ],
  [
    'NOL schedule 382.xlsx',
    'C.10',
    'Federal and state net operating loss carryforwards by vintage year, expiry, Section 382 ownership change study, R&D credit carryforwards.',
  ],
  [
    'Doc1.docx',
    'D.2',
    'This Subscription Agreement is entered into between Quantaflux Technologies, Inc. and Contoso Bank plc. Quantaflux grants the Customer a right to access the platform for 2,500 named users. Annual subscription fees USD 1.4m. Service level agreement, data processing addendum.',
  ],
  [
    'Contract with Fabrikam (supplier).pdf',
    'D.3',
    'Master Purchase Agreement under which Fabrikam shall supply server hardware and colocation services to Quantaflux. Volume commitments, pricing schedules, warranties, delivery terms.',
  ],
  [
    'MFN & exclusivity clauses extract.xlsx',
    'D.5',
    'Extract of restrictive covenants from commercial agreements: exclusivity in the financial services vertical, most favoured customer pricing commitments, non-compete obligations binding the company.',
  ],
  [
    'Lost customers FY23.docx',
    'D.10',
    'Summary of customers that terminated or did not renew in the last two years and the reasons, plus open disputes with two suppliers over service credits and an invoice dispute with a reseller.',
  ],
  [
    'headcount_export_hris.csv',
    'E.1',
    'employee_id,job_title,department,location,hire_date,full_time_part_time,base_salary,bonus_target,exempt_status,visa',
  ],
  [
    'Contractors list and IR35.xlsx',
    'E.2',
    'Freelancers, consultants and staffing agency workers engaged: name, agency, role, day rate, start date, IR35 status determination, classification risk.',
  ],
  [
    'CTO offer letter and employment agreement.pdf',
    'E.3',
    'Executive employment agreement with the Chief Technology Officer: base salary, annual bonus, equity grant, good reason, termination, restrictive covenants.',
  ],
  [
    'Retention bonus letters (deal).pdf',
    'E.5',
    'Letters promising a cash retention payment to eight key employees payable on the closing of a sale of the company and six months thereafter, and severance on a qualifying termination.',
  ],
  [
    'Sales comp plan FY24.pdf',
    'E.6',
    'Sales compensation plan: quota, on-target earnings, commission rates, accelerators above 100% attainment, clawbacks, SPIFs for account executives and SDRs.',
  ],
  [
    '401k plan doc and SPD.pdf',
    'E.7',
    'Summary plan description of the 401(k) retirement savings plan; group health, dental and vision plan documents; Form 5500 filings.',
  ],
  [
    'EEOC charge - J. Smith.pdf',
    'E.11',
    'Charge of discrimination filed with the Equal Employment Opportunity Commission by a former employee alleging retaliation; position statement of the company; internal investigation report on a harassment complaint.',
  ],
  [
    'PIIA template and signed list.pdf',
    'F.3',
    'Employee Proprietary Information and Inventions Assignment Agreement: the employee hereby assigns to the company all inventions conceived during employment; list of employees and contractors who signed.',
  ],
  [
    'Patents and trademarks register.xlsx',
    'F.1',
    'Granted patents and pending applications by jurisdiction with application numbers and status; registered trade marks QUANTAFLUX in classes 9 and 42; domain names.',
  ],
  [
    'Third-party software licences in.xlsx',
    'F.4',
    'Licences the company has taken from third parties for use in the product: database engine OEM licence, mapping data licence, fonts, ML model licences; fees and restrictions.',
  ],
  [
    'OSS scan report (FOSSA).pdf',
    'F.7',
    'Report of third-party open-source components found in the codebase and their licences (MIT, Apache-2.0, GPL-3.0 flagged, AGPL none) and the company policy for approving open-source use.',
  ],
  [
    'SOC 2 Type II report 2023.pdf',
    'F.11',
    'Independent service auditor report on controls relevant to security and availability; penetration test summary by an external firm; ISO 27001 certificate.',
  ],
  [
    'Privacy policy (website) and DPA.pdf',
    'G.1',
    'How we collect and use personal information; cookies; your rights; international transfers; contact our data protection officer. Template data processing agreement offered to customers.',
  ],
  [
    'RoPA_QF.xlsx',
    'G.2',
    'Register of processing operations: purpose, categories of data subjects and personal data, recipients, transfers to third countries, retention, security measures, controller or processor role.',
  ],
  [
    'QF incident log 2022-2024.xlsx',
    'G.6',
    'Security incident register: date, description, personal data affected, number of individuals, whether notified to the supervisory authority within 72 hours, remediation.',
  ],
  [
    'ABAC policy and training.pdf',
    'G.9',
    'Policy prohibiting bribes, facilitation payments and improper gifts to government officials, third-party due diligence on resellers, and training completion records.',
  ],
  [
    'Export classification ECCN memo.docx',
    'G.10',
    'Classification of the software under the Export Administration Regulations (ECCN 5D992), screening of customers against OFAC lists, and restricted countries.',
  ],
  [
    'Money transmitter licences.pdf',
    'G.11',
    'State licences held by the company to operate: money transmitter licences in 12 states, registration with FinCEN as a money services business, renewal dates.',
  ],
  [
    'QF property schedule.xlsx',
    'H.1',
    'Sites used by the group: HQ Austin (leased), Munich office (leased), data centre cage (licence), warehouse in Reno owned; address, size, tenure, rent, expiry.',
  ],
  [
    'Austin HQ lease + 1st amendment.pdf',
    'H.4',
    'Office Lease between Domain Tower Owner LLC (Landlord) and Quantaflux (Tenant) for 42,000 rentable square feet; term 10 years; base rent schedule; first amendment expanding the premises.',
  ],
  [
    'Phase I ESA - Reno warehouse.pdf',
    'H.7',
    'Environmental Site Assessment performed in conformance with ASTM E1527-21. No recognized environmental conditions identified at the property.',
  ],
  [
    'Insurance schedule 2024.xlsx',
    'H.9',
    'Policies in force: D&O, cyber, E&O, general liability, property, workers compensation; insurer, limits, retention, premium, expiry.',
  ],
  [
    'Loss runs 5 yr.pdf',
    'H.11',
    'Loss run reports from carriers for the past five policy years showing claims paid, reserves and open claims under general liability and workers compensation.',
  ],
  [
    'Litigation summary (counsel).pdf',
    'H.12',
    'Summary by outside counsel of pending lawsuits and threatened claims against the company, including a patent suit by a non-practising entity and a contract claim by a former reseller; estimated exposure.',
  ],
  // Brightwater Foods (UK)
  [
    'Memorandum and Articles - Brightwater Foods Ltd.pdf',
    'A.2',
    'Companies House. Model articles as amended by special resolution. Allotment of shares, transmission of shares, directors powers and responsibilities, decision making by shareholders, administrative arrangements.',
  ],
  [
    'CertIncorp_Brightwater_Inc.pdf',
    'A.1',
    'Commonwealth of Massachusetts, Secretary of the Commonwealth. Articles of Organization of Brightwater Foods, Inc. The corporation is authorized to issue 5,000,000 shares of common stock.',
  ],
  [
    'Certificate of status - Companies House.pdf',
    'A.3',
    'Certificate confirming that Brightwater Foods Limited is active and has filed all required confirmation statements and accounts with the Registrar of Companies, and is not in liquidation.',
  ],
  [
    'Brightwater org structure.pdf',
    'A.5',
    'Chart showing the ownership of each subsidiary in the Brightwater group and their jurisdictions: Brightwater Holdings Ltd (UK) - Brightwater Foods Ltd (UK), Brightwater Ireland DAC, Brightwater Inc (US).',
  ],
  [
    'Directors meeting minutes Q2.docx',
    'A.6',
    'Minutes of a meeting of the directors. Chair noted a quorum was present. The directors considered the trading update, approved the refinancing and resolved to appoint a new company secretary.',
  ],
  [
    'Written resolutions of the members 2022.pdf',
    'A.7',
    'Written resolutions of the members of the company passed pursuant to Chapter 2 of Part 13 of the Companies Act 2006: special resolution to adopt new articles; ordinary resolution to authorise the directors to allot shares.',
  ],
  [
    'Shareholding register.xlsx',
    'A.8',
    'Register of members and share classes: A ordinary, B ordinary, growth shares; shares held; percentage; options under the EMI scheme; fully diluted ownership.',
  ],
  [
    'EMI option scheme rules.pdf',
    'A.10',
    'Enterprise Management Incentive share option scheme rules; HMRC valuation agreement; form of option certificate; exercise conditions; good and bad leaver provisions.',
  ],
  [
    'Investment agreement 2021.pdf',
    'A.12',
    'Investment Agreement between the Company, the Managers and the Investor: investor consent matters, investor director, information undertakings, warranties, pre-emption and transfer provisions.',
  ],
  [
    'Purchase of Greenleaf Organics - SPA.pdf',
    'A.14',
    'Share Purchase Agreement relating to the acquisition of the entire issued share capital of Greenleaf Organics Limited by Brightwater Foods Limited. Consideration, completion accounts, warranties, indemnities, limitations.',
  ],
  [
    'Statutory accounts FY23.pdf',
    'B.1',
    'Annual report and financial statements for the year ended 31 December 2023. Independent auditors report to the members. Statement of comprehensive income, balance sheet, notes to the financial statements.',
  ],
  [
    'H1 2024 management accounts.xlsx',
    'B.3',
    'Management accounts for the six months: income statement by month, gross margin by channel, overheads, cash flow, variance commentary.',
  ],
  [
    'Half-year interim report.pdf',
    'B.2',
    'Condensed interim financial statements for the six months ended 30 June 2024, unaudited, prepared on the same basis as the annual accounts.',
  ],
  [
    'Budget 2025 final.xlsx',
    'B.5',
    'Budget for the financial year: sales volume by SKU, price, cost of goods, marketing spend, capex plan, headcount, key assumptions and sensitivities.',
  ],
  [
    'Underlying EBITDA bridge.xlsx',
    'B.6',
    'Reconciliation of operating profit to underlying EBITDA: exceptional items, share option charges, pre-opening costs, non-recurring consultancy fees.',
  ],
  [
    'Sales by retailer and SKU.xlsx',
    'B.7',
    'Net sales by retailer (Tesco, Sainsbury, Waitrose, Amazon), by product and by country, monthly for three years.',
  ],
  [
    'Aged debt report.xlsx',
    'B.8',
    'Aged debtors by customer at month end with ageing buckets, credit notes, bad debt provision movement.',
  ],
  [
    'Borrowings schedule.xlsx',
    'B.11',
    'Bank loans, overdraft, asset finance and hire purchase liabilities, invoice discounting facility: lender, limit, drawn, rate, repayment profile.',
  ],
  [
    'HSBC facilities agreement and debenture.pdf',
    'B.12',
    'Facilities Agreement between HSBC UK Bank plc and Brightwater: term facility A, revolving credit facility, financial covenants (leverage, interest cover). Debenture creating fixed and floating charges; cross-guarantee.',
  ],
  [
    'Working capital trend.xlsx',
    'B.15',
    'Monthly inventory, trade debtors, trade creditors and accruals over 24 months, average working capital, seasonality.',
  ],
  [
    'Related party schedule.xlsx',
    'B.18',
    'Transactions with entities controlled by directors: rent paid to a property company owned by the founder, purchases from a farm owned by a director, loans from shareholders.',
  ],
  [
    'CT600 returns 2021-2023.pdf',
    'C.1',
    'Company Tax Return CT600 with computations for the accounting periods ending 2021, 2022 and 2023; corporation tax payable; capital allowances.',
  ],
  [
    'VAT filings.pdf',
    'C.2',
    'VAT returns submitted under Making Tax Digital: output tax, input tax, net VAT for each quarter; Irish VAT3 returns.',
  ],
  [
    'PAYE RTI submissions.pdf',
    'C.3',
    'Full Payment Submissions and Employer Payment Summaries sent to HMRC under Real Time Information; P11D returns; employer national insurance.',
  ],
  [
    'HMRC enquiry letters - Brightwater.pdf',
    'C.5',
    'Letters from HMRC opening an enquiry into the corporation tax return under paragraph 24 Schedule 18 FA 1998, information requests and the closure notice.',
  ],
  [
    'Tax losses memo.docx',
    'C.10',
    'Memo on trading losses carried forward, the restriction on use after a change in ownership, and surplus management expenses.',
  ],
  [
    'Top customer contracts - Tesco supply terms.pdf',
    'D.2',
    'Supplier agreement with Tesco Stores Limited under which Brightwater supplies own-label products to Tesco: pricing, promotions funding, service levels, product recall.',
  ],
  [
    'Packaging supplier agreement.pdf',
    'D.3',
    'Agreement for the supply of packaging materials by Smurfit Kappa to Brightwater: volumes, price review, quality specifications, term.',
  ],
  [
    'Key contracts register.xlsx',
    'D.1',
    'Register of all significant contracts over GBP 200k per year: party, subject, term, value, governing law.',
  ],
  [
    'Assignment and consent requirements.xlsx',
    'D.4',
    'For each key contract: can it be assigned, does a change in control of the company trigger consent or termination, notice period.',
  ],
  [
    'Retailer disputes log.docx',
    'D.10',
    'Log of deductions disputed by retailers, a claim by a distributor for wrongful termination, and accounts lost in the last two years.',
  ],
  [
    'Employee list anonymised.xlsx',
    'E.1',
    'Anonymised list of all employees: role, site, start date, contract type, hours, salary, pension, notice period.',
  ],
  [
    'Agency staff and consultants.xlsx',
    'E.2',
    'Temporary workers supplied by agencies at the bakery and consultants engaged on day rates, with their contracts and IR35 assessments.',
  ],
  [
    'Service agreements - directors.pdf',
    'E.3',
    'Service agreements of the executive directors: salary, notice periods of twelve months, garden leave, post-termination restrictions.',
  ],
  [
    'Pension scheme documents.pdf',
    'E.7',
    'Trust deed and rules of the defined benefit pension scheme, latest actuarial valuation, auto-enrolment workplace pension provider terms, private medical insurance.',
  ],
  [
    'Tribunal claims summary.docx',
    'E.11',
    'Employment tribunal claims brought by former employees for unfair dismissal and disability discrimination, ACAS early conciliation, grievances raised.',
  ],
  [
    'Trade mark portfolio.xlsx',
    'F.1',
    'Registered trade marks BRIGHTWATER and device in the UK, EU and US with registration numbers, classes, renewal dates; registered designs.',
  ],
  [
    'Recipe licence from chef.pdf',
    'F.4',
    'Licence granted to Brightwater by a celebrity chef to use her recipes, name and likeness on a product range; royalties of 4% of net sales.',
  ],
  [
    'Brand licence to Brightwater Ireland distributor.pdf',
    'F.5',
    'Licence by Brightwater to a third-party distributor to use the BRIGHTWATER trade marks in Ireland; royalties; quality control.',
  ],
  [
    'Cyber essentials and pen test.pdf',
    'F.11',
    'Cyber Essentials Plus certificate; external penetration test findings and remediation; information security policy.',
  ],
  [
    'Privacy notice.pdf',
    'G.1',
    'This privacy notice explains how Brightwater uses the personal data of customers and website users, the lawful bases, retention and your rights under UK GDPR.',
  ],
  [
    'ICO breach report.pdf',
    'G.6',
    'Report to the Information Commissioners Office of a personal data breach: a phishing attack exposed payroll data of 140 employees; containment and notification to affected individuals.',
  ],
  [
    'Anti-bribery policy.pdf',
    'G.9',
    'Policy on compliance with the Bribery Act 2010: adequate procedures, gifts and hospitality register, due diligence on agents.',
  ],
  [
    'Food safety licences and FSA approvals.pdf',
    'G.11',
    'Food business establishment approval from the local authority, Food Standards Agency approval number, BRC certification, premises licences.',
  ],
  [
    'EHO inspection reports.pdf',
    'G.12',
    'Environmental health officer inspection reports for the bakery sites, hygiene rating, improvement notice and the response.',
  ],
  [
    'Sites and premises schedule.xlsx',
    'H.1',
    'Each site: address, use (bakery, warehouse, office), freehold or leasehold, landlord, rent, lease end.',
  ],
  [
    'Title register - Unit 4 freehold.pdf',
    'H.2',
    'HM Land Registry official copy of register of title: property register, proprietorship register showing Brightwater Foods Limited as registered owner, charges register.',
  ],
  [
    'Lease of bakery unit.pdf',
    'H.4',
    'Lease of Unit 7 Riverside Industrial Estate between the landlord and Brightwater Foods Limited as tenant for 15 years, rent review, repairing obligations, break clause.',
  ],
  [
    'Environmental survey Unit 4.pdf',
    'H.7',
    'Phase II intrusive site investigation of soil and groundwater at the freehold site; contamination risk assessment.',
  ],
  [
    'Insurance summary.xlsx',
    'H.9',
    'Summary of the group insurance programme: product liability, product recall, employers liability, property damage and business interruption, motor fleet; insurer and limits.',
  ],
  [
    'Claims experience from broker.pdf',
    'H.11',
    'Claims experience for the last five years provided by the insurance broker: product recall claim 2022, employer liability claims, property claim after a flood.',
  ],
  [
    'Litigation and claims letter from solicitors.pdf',
    'H.12',
    'Letter from the company solicitors listing current and threatened legal proceedings: a product liability claim by a consumer and a dispute with a former landlord over dilapidations.',
  ],
];
