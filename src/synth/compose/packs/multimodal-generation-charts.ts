// multimodal generation: the figures behind the studio's bar and line charts, by title (the chart requests'
// data files and the charts drawn from them, studio-actions.ts)

/**
 * The figures behind a bar or line chart, by its title: the column the chart's categories come from (months for a
 * line), the column of values with its unit, and the spread of the values (`dp` decimals). No category name holds
 * another, so each bar's label is found on its own.
 */
export interface ChartData {
  dim: string;
  measure: string;
  lo: number;
  hi: number;
  dp?: number;
  /** the categories (none: the months up to last month) */
  labels?: readonly string[];
}

export const CHART_DATA: Readonly<Record<string, ChartData>> = {
  'Revenue by region, FY25': {
    dim: 'Region',
    measure: 'Revenue (£k)',
    lo: 120,
    hi: 940,
    labels: [
      'North East',
      'North West',
      'Yorkshire',
      'East Midlands',
      'West Midlands',
      'East of England',
      'London',
      'South East',
      'South West',
      'Wales',
      'Scotland',
      'Northern Ireland',
    ],
  },
  'Headcount by department': {
    dim: 'Department',
    measure: 'Headcount',
    lo: 6,
    hi: 140,
    labels: [
      'Engineering',
      'Sales',
      'Marketing',
      'Finance',
      'Customer Support',
      'Operations',
      'Legal',
      'People',
      'Product',
      'Design',
      'Procurement',
      'Facilities',
    ],
  },
  'Top products by units': {
    dim: 'Product',
    measure: 'Units sold',
    lo: 140,
    hi: 980,
    labels: [
      'Desk lamp',
      'Office chair',
      'Monitor arm',
      'Standing desk',
      'Laptop stand',
      'Keyboard',
      'Webcam',
      'Headset',
      'Docking station',
      'Footrest',
      'Whiteboard',
      'Cable tray',
    ],
  },
  'Complaints by category': {
    dim: 'Category',
    measure: 'Complaints',
    lo: 4,
    hi: 96,
    labels: [
      'Billing',
      'Late delivery',
      'Product quality',
      'Customer service',
      'Website',
      'Returns',
      'Refunds',
      'Packaging',
      'Mobile app',
      'Account access',
      'Pricing',
      'Missing items',
    ],
  },
  'Spend by supplier': {
    dim: 'Supplier',
    measure: 'Spend (£k)',
    lo: 18,
    hi: 480,
    labels: [
      'Northwind Logistics',
      'Fabrikam Print',
      'Contoso Cloud',
      'Litware Security',
      'Tailspin Travel',
      'Proseware Catering',
      'Adatum Facilities',
      'Wingtip Office',
      'Lucerne Legal',
      'Coho Energy',
      'Relecloud Telecom',
      'Alpine Cleaning',
    ],
  },
  'Staff survey scores by team': {
    dim: 'Team',
    measure: 'Engagement score (%)',
    lo: 48,
    hi: 91,
    labels: [
      'Platform',
      'Payments',
      'Growth',
      'Field Sales',
      'Inside Sales',
      'Service Desk',
      'Payroll',
      'Brand',
      'Research',
      'Warehouse',
      'Recruitment',
      'Compliance',
    ],
  },
  'Monthly active users': { dim: 'Month', measure: 'Active users (k)', lo: 120, hi: 480 },
  'Average order value by month': { dim: 'Month', measure: 'Average order value (£)', lo: 38, hi: 96 },
  'Support backlog by month': { dim: 'Month', measure: 'Open tickets', lo: 140, hi: 620 },
  'Website sessions by month': { dim: 'Month', measure: 'Sessions (k)', lo: 210, hi: 860 },
  'Energy cost by month': { dim: 'Month', measure: 'Energy cost (£k)', lo: 22, hi: 71 },
  'Churn rate by month': { dim: 'Month', measure: 'Churn (%)', lo: 1.2, hi: 4.8, dp: 1 },
  'New sign-ups by month': { dim: 'Month', measure: 'Sign-ups', lo: 180, hi: 940 },
  'On-time delivery rate by month': { dim: 'Month', measure: 'On time (%)', lo: 82, hi: 99, dp: 1 },
  'Call handling time by month': { dim: 'Month', measure: 'Handling time (min)', lo: 4, hi: 12, dp: 1 },
  'Net promoter score by month': { dim: 'Month', measure: 'NPS', lo: 12, hi: 64 },
};
