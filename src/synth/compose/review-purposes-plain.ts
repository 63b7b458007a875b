// A review's or an audit sample's purpose in words that name no state of the records (review-purposes-data.ts
// names one, and fits only a rule that tests it: review-purpose.ts): why the team looks at these records at all,
// the stake every record of the type carries, so a section whose own line does not fit its rule still says why the
// work is done rather than opening on its criteria.

/** Per record type: [a review's plain purpose, an audit sample's]. */
export const PLAIN_PURPOSES: Readonly<Record<string, readonly [review: string, audit: string]>> = {
  tickets: [
    'The support lead reads a share of the tickets each week, since the queue is where customers first see how we work.',
    'Auditors sample tickets because they are the record of what we told each customer.',
  ],
  customers: [
    'Account managers look over their accounts regularly, since they are the revenue the year depends on.',
    'Auditors sample customer accounts because revenue is recognised from them.',
  ],
  products: [
    'The stock controller looks over the catalogue regularly, since what the shop shows is what customers order.',
    'Auditors sample products because the stock valuation is built from them.',
  ],
  transactions: [
    'Finance looks over transactions regularly, since the month cannot close on entries nobody has checked.',
    'Auditors sample transactions because the accounts are built from them.',
  ],
  jobs: [
    'The platform team looks over scheduled jobs regularly, since each runs unattended against live systems.',
    'The change audit samples scheduled jobs because each one changes data with nobody watching.',
  ],
  integrations: [
    'The platform team looks over integrations regularly, since each one holds keys to another system.',
    'Security samples integrations because each is a door into another system.',
  ],
  tasks: [
    'The team lead looks over the to-do list regularly, since it is what the team has promised to do.',
    'The team lead samples to-dos to check that what was promised was done.',
  ],
  sheet_rows: [
    'The operations lead looks over the order sheet regularly, since the warehouse works from it.',
    'Finance samples rows of the order sheet because invoices are raised from it.',
  ],
  mails: [
    'The team goes through the inbox regularly, since customers and partners judge us by what we answer.',
    'The team lead samples the inbox to check that what came in was dealt with.',
  ],
  feed_articles: [
    'The desk goes over the news feed regularly, since the briefings are written from it.',
    'The desk editor samples feed articles to check what the briefings used.',
  ],
  order_screenshot: [
    'The order desk looks over the orders regularly, since each is money owed or owing.',
    'Finance samples orders because each is a sum in the accounts.',
  ],
  desk_plan: [
    'The office manager goes over the floor plan regularly, since people book their days around it.',
    'Facilities samples desks to check the plan against the floor.',
  ],
  ward_beds: [
    'The nurse in charge goes over the beds every shift, since admissions are placed from the board.',
    'The matron samples beds to check the board against the ward.',
  ],
  exam_seats: [
    'The exams officer goes over the seating before each series, since a candidate cannot be moved once a paper starts.',
    'The exam board samples seats to check the plan against the regulations.',
  ],
  warehouse_bays: [
    'The warehouse supervisor goes over the bays regularly, since pickers work from the bay plan.',
    'The stock audit samples bays to check the plan against the racking.',
  ],
  receipt_scans: [
    'Finance looks over receipt scans regularly, since staff are paid back and VAT is reclaimed from them.',
    'Auditors sample receipt scans because each backs a claim paid out.',
  ],
  partner_mails: [
    'The partner desk goes over the partners’ mail regularly, since our orders with them are agreed in it.',
    'The partner desk lead samples partners’ mail to check what came in was answered.',
  ],
  referrals: [
    'The practice manager looks over referrals regularly, since each one is a patient waiting to be seen.',
    'The clinical audit samples referrals because each one is a patient’s path to care.',
  ],
  appointments: [
    'The practice manager looks over the appointment book regularly, since clinic time is the scarcest thing we have.',
    'The practice audit samples appointments to check the book against the clinics held.',
  ],
  claims: [
    'The billing team looks over insurance claims regularly, since each is income the practice is owed.',
    'Auditors sample claims because each is a sum billed to an insurer.',
  ],
  vaccinations: [
    'The practice nurse looks over vaccinations regularly, since a missed dose leaves a patient unprotected.',
    'The clinical audit samples vaccinations to check the records against the schedule.',
  ],
  client_matters: [
    'The supervising partner looks over matters regularly, since each is a client relying on the firm.',
    'The risk team samples matters because each carries the firm’s name and its fees.',
  ],
  contracts: [
    'Legal looks over contracts regularly, since each binds the company to terms someone must keep.',
    'Auditors sample contracts because each is a commitment the company has signed.',
  ],
  court_deadlines: [
    'The docketing team looks over court deadlines regularly, since a court does not move its dates for us.',
    'The risk team samples court deadlines because each is a date the firm answers for.',
  ],
  legal_holds: [
    'Legal looks over holds regularly, since destroyed evidence cannot be brought back.',
    'The risk team samples holds because each is an order the firm must be able to show it kept.',
  ],
  trip_requests: [
    'The travel desk looks over trip requests regularly, since money is committed as soon as travel is arranged.',
    'Finance samples trip requests to test them against the travel policy.',
  ],
  travel_bookings: [
    'The travel desk looks over bookings regularly, since each is money already spent.',
    'Finance samples bookings to test them against the trips approved.',
  ],
  per_diem_claims: [
    'Finance looks over per diem claims regularly, since each is the company’s money going to staff.',
    'Auditors sample per diem claims because each is the company’s money going to staff.',
  ],
  household_bills: [
    'We go over the bills now and then, since the money for them comes out of the shared account.',
    'We check a few bills now and then against the shared account’s statement.',
  ],
  courses: [
    'The programme office looks over courses regularly, since students plan their terms around them.',
    'The quality office samples courses because each is a promise made to students.',
  ],
  enrolments: [
    'The registry looks over enrolments regularly, since each is a student’s place and fees.',
    'The registry samples enrolments because each is a fee the college accounts for.',
  ],
  submissions: [
    'The course team looks over submissions regularly, since each carries a student’s marks.',
    'The exam board samples submissions to check the marks against the scheme.',
  ],
  exam_sittings: [
    'The exams officer looks over the sittings regularly, since each is a candidate’s result on the line.',
    'The exam board samples sittings to check them against the regulations.',
  ],
  work_orders: [
    'The maintenance planner looks over work orders regularly, since the plant runs on the work they describe.',
    'The maintenance audit samples work orders to check what was done against what was ordered.',
  ],
  nonconformances: [
    'The quality engineer looks over nonconformances regularly, since each is a part that did not meet its drawing.',
    'The quality audit samples nonconformances because each is a defect the customer may yet see.',
  ],
  aircraft_inspections: [
    'The maintenance controller looks over inspections regularly, since an aircraft flies on what they record.',
    'The airworthiness audit samples inspections to check the records against the aircraft.',
  ],
  field_plots: [
    'The agronomist looks over the plots regularly, since the season’s yield is made or lost in the field.',
    'The farm assurance inspector samples plots because each carries a record of what went on the crop.',
  ],
  positions: [
    'The portfolio manager looks over positions regularly, since each is clients’ money at risk.',
    'Compliance samples positions because each is a holding the fund must be able to justify.',
  ],
  trades: [
    'Operations looks over trades regularly, since each is money changing hands.',
    'Compliance samples trades because each is a deal the firm answers for.',
  ],
  fx_exposures: [
    'Treasury looks over currency exposures regularly, since each is a cost that moves with the rate.',
    'The treasury audit samples exposures because each is a risk the board has set limits on.',
  ],
  research_notes: [
    'The head of research looks over notes regularly, since clients trade on what we publish.',
    'Compliance samples research notes because each is advice the firm answers for.',
  ],
  pull_requests: [
    'Engineering leads look over pull requests regularly, since everything in them ends up in production.',
    'The change audit samples pull requests because each is a change to the product.',
  ],
  deployments: [
    'Release managers look over deployments regularly, since each changes what customers are running on.',
    'The change audit samples deployments because each changes what customers run on.',
  ],
  incidents: [
    'The incident manager looks over incidents regularly, since each is a time customers were let down.',
    'The service audit samples incidents because each is a promise of service put to the test.',
  ],
  migrations: [
    'The database team looks over migrations regularly, since each changes data that cannot simply be retyped.',
    'The change audit samples migrations because each is a change to live data.',
  ],
  datasets: [
    'The data team looks over datasets regularly, since reports and models are built on them.',
    'The data governance lead samples datasets because each feeds figures someone relies on.',
  ],
  dashboards: [
    'The analytics team looks over dashboards regularly, since decisions are made from what they show.',
    'The data governance lead samples dashboards because each puts figures in front of the business.',
  ],
  metric_alerts: [
    'The on-call lead looks over metric alerts regularly, since each one can wake someone at night.',
    'The reliability audit samples alerts because each is how we hear of an outage.',
  ],
  experiments: [
    'The product analyst looks over experiments regularly, since product decisions are made on their results.',
    'The analytics lead samples experiments because each result goes into a decision.',
  ],
  stories: [
    'The news editor looks over stories regularly, since the paper stands behind everything it runs.',
    'The standards editor samples stories because each is published in the paper’s name.',
  ],
  social_posts: [
    'The social editor looks over posts regularly, since each goes out in the brand’s name.',
    'The standards editor samples posts because each speaks for the brand in public.',
  ],
  media_assets: [
    'The picture desk looks over media assets regularly, since each may only be used on its licence’s terms.',
    'Rights audit samples media assets because each is used under a licence.',
  ],
  episodes: [
    'The producer looks over episodes regularly, since each goes out to listeners under the show’s name.',
    'The standards editor samples episodes because each is published in the show’s name.',
  ],
  access_reviews: [
    'Security looks over access regularly, since every account is a way into our systems.',
    'The security audit samples access because each account is a way into our systems.',
  ],
  data_subject_requests: [
    'The privacy team looks over data requests regularly, since the law gives each one a deadline.',
    'The privacy audit samples data requests because each is a legal duty to a person.',
  ],
  vendor_assessments: [
    'Security looks over vendor assessments regularly, since each vendor handles some of our data.',
    'The risk audit samples vendor assessments because each vendor is a risk the company has accepted.',
  ],
  security_findings: [
    'Security looks over findings regularly, since each is a known way in until it is fixed.',
    'The security audit samples findings because each is a risk the company knows of.',
  ],
  workflows: [
    'The automation team looks over workflows regularly, since each acts on live data with nobody watching.',
    'The automation audit samples workflows because each changes data unattended.',
  ],
  connectors: [
    'The automation team looks over connectors regularly, since each holds a login to another system.',
    'Security samples connectors because each is a way into another system.',
  ],
  workflow_runs: [
    'The automation team looks over workflow runs regularly, since a run that went wrong may have touched live data.',
    'The automation audit samples runs to check what they did against what they were meant to do.',
  ],
  agent_skills: [
    'Security looks over agent skills regularly, since each acts with the permissions it was given.',
    'Security audit samples agent skills because each one acts on our data.',
  ],
  papers: [
    'The research lead looks over papers regularly, since the group’s own work builds on them.',
    'The research office samples papers because each is published in the group’s name.',
  ],
  market_reports: [
    'The research librarian looks over the reports regularly, since analysts quote from them.',
    'The library audit samples reports to check what analysts may quote.',
  ],
  news_items: [
    'The monitoring desk looks over news items regularly, since clients hear about themselves from us.',
    'The monitoring lead samples news items because each may reach a client.',
  ],
  cited_sources: [
    'Fact-checkers look over cited sources regularly, since what we publish rests on them.',
    'The standards editor samples cited sources because each backs a claim we published.',
  ],
  room_bookings: [
    'Facilities looks over room bookings regularly, since rooms are short.',
    'Facilities samples bookings to check the calendar against the rooms.',
  ],
  purchase_requests: [
    'Procurement looks over purchase requests regularly, since each commits the company’s money.',
    'Auditors sample purchase requests because each commits the company’s money.',
  ],
  equipment_loans: [
    'The equipment desk looks over loans regularly, since every item out is an asset off the shelf.',
    'The asset audit samples loans to trace each item on the register.',
  ],
  visitor_passes: [
    'Reception looks over visitor passes regularly, since each lets someone from outside into the building.',
    'Security audit samples visitor passes because each let someone into the building.',
  ],
  design_requests: [
    'The studio lead looks over design requests regularly, since the studio’s time is planned from them.',
    'The brand team samples design requests because each goes out under the brand.',
  ],
  chart_requests: [
    'The graphics desk looks over chart requests regularly, since each goes out beside a story.',
    'The standards editor samples charts because each goes out in the paper’s name.',
  ],
  video_edits: [
    'The post-production lead looks over edits regularly, since each goes to a client under our name.',
    'Rights audit samples video edits because each is published with footage and music under licence.',
  ],
  web_page_builds: [
    'The web team looks over page builds regularly, since each goes live to the public.',
    'The web audit samples page builds because each is published under the company’s name.',
  ],
};
