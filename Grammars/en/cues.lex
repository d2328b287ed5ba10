# Words that make a bare hour ("at 8") lean to the evening or the morning. With no cue a bare
# 7–11 is the morning.

[pm-cue]
dinner | hot pot | hotpot | drinks | drink | pints | pint | beers | beer | cocktails | wine | supper | movie | movie night | party | gig | concert | bar | pub | date night | tonight | karaoke | poker | clubbing | nightclub | show | theatre | theater | game night | night | nite | nights | happy hour | dance | nightcap | barbecue | bbq | open mic | open mike | quiz night | trivia night | pub quiz | cinema | bash | rave

[am-cue]
breakfast | brekkie | brekky | breaky | brunch | coffee | standup | stand-up | dentist | zahnarzt | doctor | vet | orthodontist | appt | blood test | physio | checkup | check-up | clinic | optician | optometrist | dermatologist | pediatrician | exam | midterm | quiz | sprint | planning | retro | demo | gym | run | jog | market | school run | carpool | car pool | lift club | commute | yoga | swim | swimming | meeting | sync | scrum | 1:1 | one-on-one | review | kickoff | kick-off | check-in | interview | training | workshop | class | lesson | lecture | appointment | standup meeting | office hours | yum cha | dim sum | school | work

# What people meet for, after which a bare hour that ends the text is the time ("Thanksgiving
# Eve drinks 9", "coffee 8"). Not numbered things ("Exam 2", "Sprint 4", "Show 3").
[hour-after-word]
drinks | drink | beers | beer | pints | pint | cocktails | wine | coffee | coffees | bbq | barbecue | karaoke | tea | catch-up | catchup | catch up | hangout | hang out | playdate | sleepover

# Words of things that run at both halves of the day: a bare 7–11 said with one is still the
# morning, but flagged ("Shinkansen to Kyoto next Mon 7:40": 07:40 or 19:40?).
[either-half-cue]
train | trains | flight | flights | fly | flying | plane | bus | coach | ferry | shinkansen | eurostar | amtrak | ktx | tgv | acela | greyhound | departure | departs | depart | boarding | red-eye | shift | night shift | airport | airport run | taxi | cab

# Games and rehearsals, held before work or after it, and calls (to family after work as often
# as before it): a bare 7 or 8 said with one is still the morning, but flagged ("Pickleball w Sue
# tue 7", "Choir rehearsal Tues 7", "climbing 7:30 wed", "FaceTime Grandpa Sunday 8"); a 9–11 is
# the morning ("tennis w maya sun 10").
[evening-or-morning-cue]
pickleball | tennis | squash | badminton | padel | table tennis | ping pong | cricket | soccer | football | footy | futsal | netball | basketball | volleyball | hockey | rugby | ultimate | frisbee | softball | baseball
climbing | bouldering | running club | run club | trail running | trail run | cycling | ride | crossfit | boxing | karate | judo | jiu-jitsu | jiu jitsu | bjj | martial arts | fencing | rowing | dragon boat | kayaking
choir | rehearsal | band practice | practice | jam session | scrimmage | match | game | pickup game | league
call | ring | facetime | video call | phone call | skype | whatsapp call
