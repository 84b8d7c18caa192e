/**
 * The labelled set of `npm run bench -- ai`, part A (corporate, finance, tax): what a seller's team
 * really uploads, labelled with the Default preset's catalog code the file answers. Some names say
 * everything, some say nothing ("Scan_0042.pdf"), and some are near misses (a tax audit is not audited
 * accounts; an NDA is not a customer agreement). The extension decides the format it is rendered in.
 */
export type Labelled = [name: string, code: string, text: string];

export const SET_A: Labelled[] = [
  // A. Corporate
  [
    'Certificate of Incorporation - Northwind Inc.pdf',
    'A.1',
    'State of Delaware. Secretary of State. Certificate of Incorporation of Northwind Inc. First: The name of the corporation is Northwind Inc. Second: The address of its registered office is 251 Little Falls Drive, Wilmington. Fourth: The total number of shares of stock which the corporation shall have authority to issue is 10,000,000 shares of Common Stock.',
  ],
  [
    'Scan_0007.pdf',
    'A.1',
    'Certificate of Amendment to the Certificate of Incorporation. Northwind Inc., a corporation organized and existing under the General Corporation Law of the State of Delaware, does hereby certify that Article Fourth of the Certificate of Incorporation is amended to increase the authorized shares of Common Stock to 25,000,000.',
  ],
  [
    'Northwind UK Ltd - Articles of Association.pdf',
    'A.2',
    "The Companies Act 2006. Private company limited by shares. Articles of Association of Northwind UK Limited. Part 1 Interpretation and limitation of liability. Directors' general authority. Shareholders may reserve power by special resolution. Decision-making by directors. Quorum for directors' meetings.",
  ],
  [
    'Amended and Restated Bylaws.docx',
    'A.2',
    'Amended and Restated Bylaws of Northwind Inc. Article I Offices. Article II Meetings of Stockholders: annual meeting, special meetings, notice, quorum. Article III Directors: number, election, vacancies, removal. Article IV Officers. These bylaws may be amended by the Board of Directors.',
  ],
  [
    'Good standing certificates.pdf',
    'A.3',
    'Certificate of Good Standing. I, Secretary of State of the State of Delaware, do hereby certify that Northwind Inc. is duly incorporated under the laws of the State of Delaware and is in good standing and has a legal corporate existence so far as the records of this office show, as of the date below. Franchise taxes have been paid.',
  ],
  [
    'CH status extract.pdf',
    'A.3',
    'Companies House. Company status: Active. Northwind UK Limited, company number 09876543. No overdue accounts or confirmation statements. Certificate confirming that the company is in existence and has not been struck off or dissolved.',
  ],
  [
    'Group structure chart 2024.pdf',
    'A.5',
    'Legal entity structure. Northwind Holdings Inc. (Delaware) owns 100% of Northwind Inc. (Delaware), which owns 100% of Northwind UK Limited (England and Wales), 100% of Northwind GmbH (Germany) and 60% of Northwind India Private Limited (joint venture). Dormant entities shown in grey.',
  ],
  [
    'entities.xlsx',
    'A.5',
    'Entity name, jurisdiction, parent, ownership percentage, registered number, status. Northwind Inc., Delaware, Northwind Holdings Inc., 100%, 5512345, active. Northwind GmbH, Germany, Northwind Inc., 100%, HRB 12345, active. Northwind India Private Limited, India, Northwind Inc., 60%, active.',
  ],
  [
    'Board minutes 14 March 2024.pdf',
    'A.6',
    'Minutes of a meeting of the Board of Directors of Northwind Inc. held on 14 March 2024. Present: the directors listed. Quorum was confirmed. Resolved that the Company approve the annual budget. Resolved that the grant of options to the employees listed be approved. There being no further business the meeting was closed.',
  ],
  [
    'Unanimous written consent of the board - option grants.docx',
    'A.6',
    'Action by Unanimous Written Consent of the Board of Directors. The undersigned, being all the members of the Board of Directors, hereby adopt the following resolutions by written consent without a meeting: Resolved, that the stock option grants set forth on Exhibit A are hereby approved.',
  ],
  [
    'Audit committee minutes Q3.pdf',
    'A.6',
    'Minutes of the Audit Committee of the Board. The committee reviewed the quarterly results with management and the external auditor, discussed internal control findings and approved the engagement letter for the coming year. The committee met in executive session with the auditor.',
  ],
  [
    'AGM minutes 2023.pdf',
    'A.7',
    'Minutes of the Annual General Meeting of the shareholders of Northwind UK Limited. The Chair confirmed a quorum of members was present. Ordinary resolution to receive the accounts passed. Ordinary resolution to reappoint the auditors passed. Special resolution to adopt new articles passed by 92% of votes cast.',
  ],
  [
    'Written consent of stockholders.pdf',
    'A.7',
    'Action by Written Consent of the Stockholders of Northwind Inc. pursuant to Section 228 of the Delaware General Corporation Law. The undersigned stockholders, holding a majority of the outstanding shares, consent to the election of the directors named below and to the amendment of the certificate of incorporation.',
  ],
  [
    'Cap table (fully diluted) - 31 Dec 2024.xlsx',
    'A.8',
    'Shareholder, class, shares outstanding, options outstanding, warrants, fully diluted shares, fully diluted percentage. Founders common 4,000,000. Series A preferred 2,500,000. Option pool 1,200,000 granted and 300,000 available. Total fully diluted 8,000,000.',
  ],
  [
    'ownership.csv',
    'A.8',
    'holder,security,shares,percent_fully_diluted\nJane Smith,Common,2000000,25.0%\nRavi Patel,Common,2000000,25.0%\nSeed Fund LP,Series Seed Preferred,1500000,18.75%\nOption pool,Options,1500000,18.75%\nGrowth Capital LP,Series A Preferred,1000000,12.5%',
  ],
  [
    '2019 Equity Incentive Plan.pdf',
    'A.10',
    'Northwind Inc. 2019 Equity Incentive Plan. 1. Purposes of the plan: to attract and retain personnel and to provide incentive to employees, directors and consultants. 4. Stock subject to the plan: 1,500,000 shares. Awards may be incentive stock options, nonstatutory stock options, restricted stock units. Vesting schedule set by the administrator.',
  ],
  [
    'Form of option award agreement.docx',
    'A.10',
    'Stock Option Agreement under the 2019 Equity Incentive Plan. Grant notice: participant, date of grant, exercise price per share, total number of shares, vesting commencement date. One quarter of the shares vest on the first anniversary and the remainder monthly over thirty-six months, subject to continued service.',
  ],
  [
    'Series A Preferred Stock Purchase Agreement.pdf',
    'A.11',
    'Series A Preferred Stock Purchase Agreement. The Company agrees to issue and sell to each Purchaser 2,500,000 shares of Series A Preferred Stock at a purchase price of $4.00 per share. The shares are offered in reliance on the exemption from registration under Regulation D. Form D was filed with the SEC.',
  ],
  [
    'Form D filing.pdf',
    'A.11',
    'United States Securities and Exchange Commission. Form D. Notice of exempt offering of securities. Issuer: Northwind Inc. Federal exemption claimed: Rule 506(b). Type of securities offered: equity. Total offering amount $10,000,000. Total amount sold $10,000,000.',
  ],
  [
    'Investors Rights Agreement.pdf',
    'A.12',
    "Amended and Restated Investors' Rights Agreement among Northwind Inc. and the investors listed. Registration rights: demand registration, piggyback registration. Information rights for major investors. Right of first offer on new securities. Matters requiring preferred director approval.",
  ],
  [
    'Voting Agreement and ROFR.docx',
    'A.12',
    'Voting Agreement. The stockholders agree to vote their shares to elect the board designees. Drag-along right. Right of First Refusal and Co-Sale Agreement: before any key holder transfers shares the company and then the investors have a right of first refusal and a right of co-sale.',
  ],
  [
    'Shareholders agreement NW UK.pdf',
    'A.12',
    "Shareholders' Agreement relating to Northwind UK Limited between the founders and the investor. Reserved matters requiring investor consent. Pre-emption rights on issue of new shares. Tag-along and drag-along. Good leaver and bad leaver provisions. Deadlock.",
  ],
  [
    'APA - acquisition of Brightline assets 2022.pdf',
    'A.14',
    'Asset Purchase Agreement between Brightline Software LLC as seller and Northwind Inc. as buyer. The seller agrees to sell and the buyer agrees to purchase the purchased assets free of encumbrances for a purchase price of $3,200,000, subject to the indemnification escrow. Excluded liabilities remain with the seller.',
  ],
  [
    'merger agreement (executed).pdf',
    'A.14',
    'Agreement and Plan of Merger among Northwind Inc., Merger Sub and DataCo Inc. Merger Sub shall be merged with and into DataCo, which shall survive as a wholly owned subsidiary. Each share of DataCo common stock shall be converted into the right to receive the merger consideration.',
  ],
  // B. Financial
  [
    'FY2023 audited financial statements.pdf',
    'B.1',
    "Independent auditor's report to the board of directors of Northwind Inc. Opinion: in our opinion the consolidated financial statements present fairly, in all material respects, the financial position as of December 31, 2023. Consolidated balance sheet. Consolidated statement of operations. Statement of cash flows. Notes to the financial statements.",
  ],
  [
    'Northwind UK - annual report and accounts 2022.pdf',
    'B.1',
    "Annual report and financial statements for the year ended 31 December 2022. Strategic report. Directors' report. Independent auditors' report to the members. Statement of comprehensive income, statement of financial position, statement of changes in equity, notes.",
  ],
  [
    'KPMG report FY21.pdf',
    'B.1',
    'Report of independent registered public accounting firm. We have audited the accompanying consolidated balance sheets as of December 31, 2021 and 2020 and the related consolidated statements of income, stockholders equity and cash flows. These financial statements are the responsibility of management.',
  ],
  [
    'Q3 2024 interim financials (unaudited).xlsx',
    'B.2',
    'Unaudited condensed consolidated interim financial statements, nine months ended 30 September 2024. Balance sheet, income statement and cash flow year to date. Revenue year to date 18.4m versus prior year 15.1m. Prepared by management, not reviewed by the auditors.',
  ],
  [
    'YTD P&L and balance sheet June.pdf',
    'B.2',
    'Interim financial statements for the six months to 30 June 2024 (unaudited). Profit and loss account year to date, balance sheet at 30 June, year-to-date cash flow. Comparative figures for the same period last year.',
  ],
  [
    'Board pack - October 2024.pdf',
    'B.3',
    'Monthly board pack October 2024. CFO report: revenue for the month, gross margin, operating expenses versus budget, cash position and runway. Management accounts attached: monthly income statement, balance sheet and KPIs. Headcount movements.',
  ],
  [
    'Mgmt accounts Jan-Dec 2024.xlsx',
    'B.3',
    'Management accounts by month, January to December 2024. Revenue, cost of sales, gross profit, payroll, rent, marketing, EBITDA per month. Monthly balance sheet and cash. Prepared by the finance team for the monthly board meeting.',
  ],
  [
    'FY2025 budget and 5 year plan.xlsx',
    'B.5',
    'Budget FY2025 and financial projections FY2025 to FY2029. Assumptions: new customer growth 30% a year, churn 8%, price increase 5%, hiring plan by department. Projected revenue, EBITDA, capex and cash flow. Downside and upside scenarios.',
  ],
  [
    'Financial model v14 (final).xlsx',
    'B.5',
    'Forecast model. Revenue build by product, cost assumptions, headcount plan, projected P&L, balance sheet and cash flow forecast for five years, with sensitivity tables and key assumptions tab.',
  ],
  [
    'Adj EBITDA bridge FY22-FY24.xlsx',
    'B.6',
    'Reported EBITDA to adjusted EBITDA reconciliation. Add-backs: one-off legal fees, restructuring costs, share-based compensation, owner compensation normalisation, non-recurring consulting. Adjusted EBITDA FY22 4.1m, FY23 5.6m, FY24 7.2m.',
  ],
  [
    'QoE adjustments.pdf',
    'B.6',
    'Normalisation adjustments to EBITDA proposed by management: pro forma cost savings, run-rate adjustments for new contracts, removal of non-recurring items. Reconciliation from statutory operating profit to adjusted EBITDA.',
  ],
  [
    'revenue_by_customer_2024.csv',
    'B.7',
    'customer,product,region,revenue_2023,revenue_2024\nAcme Retail,Platform,North America,1200000,1450000\nGlobex,Analytics,Europe,800000,910000\nInitech,Platform,APAC,450000,600000\nUmbrella Health,Platform,North America,300000,420000',
  ],
  [
    'Revenue analysis by geography and product.xlsx',
    'B.7',
    'Revenue split by geography (US, UK, Germany, rest of world), by product line and by top customers for FY2022 to FY2024, with concentration of the top ten customers as a share of total revenue.',
  ],
  [
    'AR aging 30 Nov 2024.xlsx',
    'B.8',
    'Accounts receivable aging report as at 30 November 2024. Customer, current, 1-30 days, 31-60 days, 61-90 days, over 90 days, total. Allowance for doubtful accounts and bad debt reserve. Write-offs in the year.',
  ],
  [
    'debtors ageing.csv',
    'B.8',
    'customer,not_due,0_30,31_60,61_90,over_90,provision\nAcme Retail,120000,30000,0,0,0,0\nGlobex,50000,0,25000,0,0,0\nHooli,0,0,0,15000,42000,42000',
  ],
  [
    'Debt schedule.xlsx',
    'B.11',
    'Schedule of indebtedness as at closing: term loan facility outstanding principal 12.0m, revolving credit facility drawn 2.5m, equipment finance leases 0.4m, shareholder loans 1.0m. Lender, interest rate, maturity, security, prepayment penalty.',
  ],
  [
    'Loans and borrowings summary.pdf',
    'B.11',
    'Summary of all outstanding borrowings and indebtedness of the group: bank facilities, loan notes, capital leases and guarantees, with balances, maturities and interest rates.',
  ],
  [
    'Senior Facilities Agreement - Barclays.pdf',
    'B.12',
    'Senior Facilities Agreement between Northwind Inc. as borrower and Barclays Bank PLC as lender and security agent. Term facility of $15,000,000 and revolving facility of $5,000,000. Financial covenants: leverage and interest cover. Events of default. Change of control mandatory prepayment.',
  ],
  [
    'Security agreement and guarantee.pdf',
    'B.12',
    'Guarantee and Security Agreement. Each guarantor irrevocably and unconditionally guarantees the obligations of the borrower under the credit agreement. Grant of security interest in all assets, including receivables, intellectual property and bank accounts, in favour of the collateral agent.',
  ],
  [
    'Contingent liabilities memo.docx',
    'B.13',
    'Memorandum on off-balance-sheet arrangements and contingent liabilities: outstanding letters of credit, performance bonds, parent company guarantees given for subsidiaries, operating lease commitments not on the balance sheet and potential earn-out payments.',
  ],
  [
    'Commitments and contingencies.pdf',
    'B.13',
    'Schedule of commitments and contingencies: purchase commitments with suppliers, guarantees issued, indemnities given in past disposals, and contingent consideration. None of these are recognised on the balance sheet.',
  ],
  [
    'NWC analysis 24 months.xlsx',
    'B.15',
    'Net working capital by month for the last 24 months: trade receivables, inventory, prepayments, less trade payables, accruals and deferred revenue. Average NWC and proposed NWC peg for the completion accounts.',
  ],
  [
    'Working capital peg.pdf',
    'B.15',
    'Monthly working capital analysis and seasonality, normalised for one-off items, to support the working capital target in the purchase agreement.',
  ],
  [
    'Related party transactions schedule.xlsx',
    'B.18',
    "Transactions with related parties: office lease from an entity owned by the founder, consulting fees paid to a director's firm, loans to officers, services purchased from an affiliate. Amounts for each year and terms.",
  ],
  [
    'Scan_0031.pdf',
    'B.18',
    'Agreement between the Company and Smith Family Holdings LLC, an entity controlled by the Chief Executive Officer, for the provision of management services at a monthly fee. Disclosed to the board as a related party transaction and approved by the disinterested directors.',
  ],
  // C. Tax
  [
    'Form 1120 - 2023 federal income tax return.pdf',
    'C.1',
    'Form 1120 U.S. Corporation Income Tax Return for calendar year 2023. Gross receipts or sales. Total income. Taxable income. Total tax. Schedule L balance sheets per books. Signed by the officer and the paid preparer.',
  ],
  [
    'UK CT600 returns 2021-2023.pdf',
    'C.1',
    'HM Revenue and Customs. Company Tax Return form CT600 for the accounting periods ended 31 December 2021, 2022 and 2023. Taxable total profits, corporation tax chargeable, computations attached.',
  ],
  [
    'State income tax returns.pdf',
    'C.1',
    'California Form 100 Corporation Franchise or Income Tax Return and New York Form CT-3 for tax year 2023, with apportionment schedules.',
  ],
  [
    'VAT returns 2024.xlsx',
    'C.2',
    'VAT return summary by quarter 2024: box 1 VAT due on sales, box 4 VAT reclaimed on purchases, box 5 net VAT payable, box 6 total value of sales ex VAT. Submitted to HMRC under Making Tax Digital.',
  ],
  [
    'Sales and use tax filings.pdf',
    'C.2',
    'Sales and use tax returns filed in Texas, New York and Washington for 2023 and 2024. Gross sales, exempt sales, taxable sales, tax collected and remitted. Use tax on purchases.',
  ],
  [
    'Payroll tax filings 941.pdf',
    'C.3',
    "Form 941 Employer's Quarterly Federal Tax Return for each quarter of 2024. Wages, tips and other compensation. Federal income tax withheld. Social security and Medicare taxes. State unemployment insurance filings.",
  ],
  [
    'PAYE and NIC submissions.pdf',
    'C.3',
    'Employer payment summaries and full payment submissions under PAYE Real Time Information. Income tax and employer national insurance contributions paid to HMRC each month.',
  ],
  [
    'IRS examination - closing letter 2021.pdf',
    'C.5',
    "Internal Revenue Service. Letter regarding the examination of your Form 1120 for tax year 2021. We have completed our examination. The examination resulted in a proposed adjustment to research credit. Revenue agent's report attached. No change to other items.",
  ],
  [
    'HMRC enquiry correspondence.pdf',
    'C.5',
    "HMRC opened an enquiry into the company tax return under paragraph 24 of Schedule 18 Finance Act 1998 concerning transfer pricing. Information request and the company's response. Closure notice and assessment of additional tax.",
  ],
  [
    'tax audit - Germany 2019-2021.pdf',
    'C.5',
    'Betriebsprüfung: tax audit of Northwind GmbH by the German tax authority for 2019 to 2021. Findings on withholding tax and permanent establishment. Assessment notices issued and appeal status.',
  ],
  [
    'Tax sharing agreement.pdf',
    'C.7',
    'Tax Sharing Agreement among the members of the consolidated group. Allocation of consolidated federal income tax liability among members. Payments between members. Indemnification for taxes of pre-closing periods.',
  ],
  [
    'Nexus study 2023.pdf',
    'C.9',
    'Nexus analysis: states where the company has physical or economic nexus for sales tax and income tax purposes based on employees, property and sales thresholds. Recommended voluntary disclosure agreements in three states.',
  ],
  [
    'VDA - Washington.pdf',
    'C.9',
    'Voluntary disclosure agreement with the Washington Department of Revenue covering unfiled business and occupation tax for prior periods, lookback period and waiver of penalties.',
  ],
  [
    'NOL schedule.xlsx',
    'C.10',
    'Net operating loss carryforwards by year of origination and expiry, Section 382 limitation analysis following the Series A, research and development credit carryforwards and other tax attributes.',
  ],
  [
    'Tax losses and credits memo.docx',
    'C.10',
    'Memo on available tax losses carried forward and their usability after a change in ownership, with a summary of tax attributes including R&D credits and interest carryforwards.',
  ],
];
