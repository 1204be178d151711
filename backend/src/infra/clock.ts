import { Injectable } from '@nestjs/common';

/** Time comes from here, so tests can move it. */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
