// The firms a team off its domain's main line waits on, by workstream: a hospital ward waits on a care home for a
// discharge, a vet practice on its wholesaler for vaccine stock, a household on the council for its property tax.
// The domain's own company pool is the main line's partners (a clinic's, not a vet's), so a ward's mail never names
// a vet practice (review 29 §5).
export const TEAM_PARTNERS: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  field_plots: {
    'spray programme': ['Eriksen Agritech', 'Holt Agronomy'],
    'drainage work': ['Fenland Drainage Contractors'],
    'harvest planning': ['Marsh Grain Co-op', 'Holt Agronomy'],
    'fertiliser order': ['Eriksen Agritech', 'Holt Agronomy'],
  },
  aircraft_inspections: {
    'hangar schedule': ['Northwind MRO'],
    'parts on order': ['Aerospares Direct', 'Northwind MRO'],
    'tooling calibration': ['Calder Calibration Services'],
    'CAMO audit findings': ['Skyline CAMO Services'],
  },
  vaccinations: {
    'reminder letters': ['Postwise Mailing'],
    'vaccine stock': ['Vetstock Wholesale', 'Brookside Veterinary Supplies'],
    'clinic rota': ['Locum Vets Direct'],
    'client feedback': ['Kestrel Survey Services'],
  },
  // (a household waits on the body that bills it, named as a family names it)
  household_bills: {
    'household budget': ['the bank'],
    'energy switch': ['the new energy supplier'],
    'insurance renewal': ['the insurer'],
    'property tax': ['the council'],
  },
  ward_beds: {
    'discharge planning': ['Fernhill Care Homes', 'Riverside Community Nursing'],
    'bed capacity': ['Fernhill Care Homes', 'Medway Patient Transport'],
    'staffing rota': ['Meridian Nurse Bank'],
    'infection control': ['Northfield Pathology'],
  },
};
