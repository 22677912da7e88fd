export interface TeamMember {
  name: string;
  role: string;
  bio: string;
  focus: string[];
  /** Background colour of the initials portrait. */
  color: string;
}

export const TEAM: TeamMember[] = [
  {
    name: 'Maya Okafor',
    role: 'Founder and technical director',
    bio: 'Maya spent eight years building booking systems for airlines before starting the studio in 2016. She runs discovery on most projects and still reviews every architecture note.',
    focus: ['Discovery and scoping', 'System architecture', 'Client partnerships'],
    color: '#8a3b12',
  },
  {
    name: 'Jonas Lindqvist',
    role: 'Lead front-end engineer',
    bio: 'Jonas cares about the milliseconds. He leads our React work, maintains our performance budgets and has opinions about image formats that he will share if asked.',
    focus: ['React and TypeScript', 'Web performance', 'Design-system engineering'],
    color: '#1f4e79',
  },
  {
    name: 'Priya Raman',
    role: 'Product designer',
    bio: 'Priya turns messy requirements into interfaces people understand on the first try. She runs our usability sessions and keeps the design files and the code in step.',
    focus: ['User research', 'Interface and interaction design', 'Design systems'],
    color: '#6a2c70',
  },
  {
    name: 'Tomás Herrera',
    role: 'Back-end and platform engineer',
    bio: 'Tomás builds the parts nobody sees: APIs, job queues, payment integrations and the monitoring that wakes him up before a client notices anything.',
    focus: ['Node.js APIs', 'Payments and fulfilment', 'Cloud infrastructure'],
    color: '#1e5e4a',
  },
  {
    name: 'Hannah Becker',
    role: 'Accessibility and quality lead',
    bio: 'Hannah is a certified accessibility professional and a regular screen-reader user. She tests every release by keyboard, by screen reader and on the oldest phone in the office.',
    focus: ['WCAG audits', 'Assistive-technology testing', 'Test automation'],
    color: '#7a5a00',
  },
];
