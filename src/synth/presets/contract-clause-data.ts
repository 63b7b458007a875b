// contract_clause's data: the services a vendor contract is for, under names their providers use, notice periods, and
// how a notice's subject reads.

// each service with what a provider of it calls itself: a vendor's name says its trade ("Brookside IT Services",
// never a veterinary practice under an IT support contract)
export const SERVICES: Readonly<Record<string, readonly string[]>> = {
  'managed hosting': ['Hosting', 'Cloud Services', 'Data Centres'],
  'payroll processing': ['Payroll Services', 'Payroll Bureau'],
  'office cleaning': ['Cleaning Services', 'Facility Services'],
  'IT support': ['IT Services', 'Tech Support'],
  'translation services': ['Translations', 'Language Services'],
  'security monitoring': ['Security', 'Monitoring Services'],
};

// notice periods as contracts give them, in days
export const PERIODS = [14, 30, 45, 60, 90, 120] as const;

// a notice's subject as writers put it: "Notice to terminate", "Notice of non-renewal" (review 51: only "termination"
// passed)
export const NOTICE = '\\bterminat|non-?renewal|not (?:to )?renew|\\bnotice\\b';
