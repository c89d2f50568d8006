// The consultations module (a person's experts, joined from chats and bookings) as other modules see it.
export type { ConsultationsService } from './consultations.service';
