import {
  badgePrintedRequest,
  badgePrintResultSchema,
  badgeQuery,
  badgeSchema,
  checkInAreasQuery,
  checkInListQuery,
  checkInListSchema,
  checkInOverviewSchema,
  checkInRequest,
  checkInResultSchema,
} from '../checkin';
import { defineRoutes } from './route';

/** Check-in at the door and badges (E3.34, E5.54, E8.01–E8.04). */
export const checkInRoutes = defineRoutes('checkin', [
  {
    id: 'checkIn',
    method: 'POST',
    path: '/event/participant/checkIn',
    summary: 'Check a person in or out of an area by their badge code',
    auth: 'user',
    body: checkInRequest,
    response: checkInResultSchema,
  },
  {
    id: 'checkInAreas',
    method: 'GET',
    path: '/event/participant/checkIn/areas',
    summary: 'Check-in areas with their live occupancy',
    auth: 'user',
    query: checkInAreasQuery,
    response: checkInOverviewSchema,
  },
  {
    id: 'checkInList',
    method: 'GET',
    path: '/event/participant/checkIn/list',
    summary: 'Who is inside an area',
    auth: 'user',
    query: checkInListQuery,
    response: checkInListSchema,
  },
  {
    id: 'getBadge',
    method: 'GET',
    path: '/event/participant/badge',
    summary: 'A printable badge',
    auth: 'user',
    query: badgeQuery,
    response: badgeSchema,
  },
  {
    id: 'markBadgePrinted',
    method: 'POST',
    path: '/event/participant/badge/printed',
    summary: 'Record that a badge was printed',
    auth: 'user',
    body: badgePrintedRequest,
    response: badgePrintResultSchema,
  },
]);
