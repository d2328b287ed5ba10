# Words the location, attendee and title stages read. Values are unused.

# Words that count things: a range of bare numbers after one is what is counted, not a time
# ("Read pages 10-12", "kids ages 5-12", "final score 3-2", "Set went 7-5", "round two",
# "clause 10.30").
[count-noun]
no. | nos. | nr. | num.
serves | sleeps | feeds | yields | capacity | rated | rating | rate | build | release | patch | ver | rev | revision | firmware | page | pages | pp | chapter | chapters | ch | section | sections | verse | verses | line | lines | row | rows | slide | slides | step | steps | item | items | question | questions | exercise | exercises | problem | problems | unit | units | lesson | lessons | level | levels | grade | grades | age | ages | aged | score | scores | set | sets | rep | reps | lap | laps | mile | miles | km | point | points | room | rooms | seat | seats | box | boxes | module | modules | bay | bays | gate | gates | platform | platforms | table | tables | episode | episodes | issue | issues | volume | volumes | floor | floors | size | sizes | version | won | lost | beat | drew | tied | scored | leads | led | pin | code | invoice | order | ref | reference | ticket | flight | account | no | number | id | mobile | mob | cell | tel | ph | fax | landline | ext
exit | exits | platform | platforms | gate | gates | aisle | aisles | lane | lanes | bay | bays | door | berth | berths | pier | piers | stall | stalls | booth | booths | hole | holes | junction | junctions | route | routes
suite | suites | apt | flat | flats | ward | wards | bldg | building | block | lot | plot | terminal | cabin | hangar | dock | docks | locker | bed | beds | cot | cots | cubicle | cubicles
court | courts | theatre | theatres | theater | theaters | pitch | pitches | field | fields | studio | studios | rink | rinks | screen | screens
half-time | full-time | half time | full time | round | part | take | phase | act | scene | leg | heat | stage | final | result | results | ft | ht | halftime | fulltime | finished | ended | went
clause | clauses | para | paragraph | paragraphs | article | articles

# Books of scripture cited by chapter and verse: "Acts 2:38", "Psalm 23:4" are no clock times.
# (Books named like people, "John", "Mark", are left out: "Call John 3:30".)
[scripture-book]
genesis | exodus | leviticus | deuteronomy | judges | psalm | psalms | proverbs | ecclesiastes | isaiah | jeremiah | lamentations | ezekiel | hosea | joel | amos | obadiah | jonah | micah | nahum | habakkuk | zephaniah | haggai | zechariah | malachi | acts | romans | corinthians | galatians | ephesians | philippians | colossians | thessalonians | hebrews | revelation | revelations | gen | ex | lev | deut | ps | prov | isa | jer | ezek | rom | cor | gal | eph | phil | col | heb | rev

# Units a number measures: a number right before one is an amount, not a time ("at 6 kg",
# "12.53%", "table for 8 people").
[measure-unit]
price | kb | mb | gb | tb | kbps | mbps | gbps | megabytes | gigabytes | mah | kwh | kw | mhz | ghz | hz | fps | dpi | px | mph | kph | psi
euro | eur | usd | rs | rupees | inr | yen | sgd | aud | cad | chf | naira | ksh | pesos | peso | win | wins | loss | losses | victory | defeat | draw | drew | lead | thrashing | thumping | drubbing | scoreline | % | percent | pct | kg | kgs | kilo | kilos | kilogram | kilograms | g | gram | grams | lb | lbs | pound | pounds | oz | ounce | ounces | ml | litre | litres | liter | liters | cm | mm | metre | metres | meter | meters | km | kms | mile | miles | mi | ft | foot | feet | inch | inches | degree | degrees | ° | dollars | bucks | euros | usd | eur | gbp | people | persons | guests | adults | kids | children | tickets | cup | cups | tbsp | tsp | tablespoon | tablespoons | teaspoon | teaspoons | slice | slices | bottle | bottles | glass | glasses | piece | pieces
point | points | goal | goals | vote | votes | run | runs | stroke | strokes | shot | shots | length | lengths | wicket | wickets
per km | per kilometre | per kilometer | per mile | per lap | per 100m | per person | per head | per hour | per day | chairs | tables | guests | bottles | cans | bags | cups | plates | tickets | copies | pieces | packs | crates | kegs | trays | pizzas | cakes | dozen
business days | working days | work days | workdays | business day | working day | floors | storeys | stories | levels | rooms | bedrooms | beds | units | flats | apartments | lanes | courts | pitches
marathon | marathons | half-marathon | pace | pb | pr | seats | spots | slots | places | at the half | at half-time | at half time | at halftime | at ht | at the break | on aggregate | on penalties | on pens | aet

# Things named for a holiday: right after its name, the holiday is no date ("the Christmas tree
# lights", "Thanksgiving leftovers", "A Christmas Carol", "Easter Island"). Not words that name an
# occasion held on the day ("Easter egg hunt", "Halloween costume party").
[holiday-object]
tree | trees | lights | light | decorations | decoration | decor | ornaments | ornament | sweater | sweaters | jumper | jumpers
candy | sweets | chocolate | chocolates | leftovers | episode | episodes | movie | movies | film | films | song | songs | carol | carols
music | playlist | album | card | cards | gift | gifts | present | presents | wrapping | cookies | recipe | recipes | ideas | beads
cactus | island | pudding | stocking | stockings | wreath | bonus | spirit | shopping list | wish list | wishlist | catalogue | catalog
market | markets | fair | fayre | bazaar | shopping
cathedral | church | school | college | hospital | street | st | road | hall | academy

# Words that make the time right after them a greeting or someone else's, not an event's
# time: "Happy new year!", "Merry Christmas", "how was your weekend?"; after a salutation a
# month or weekday is a name ("Hi Jan,", "Dear April").
[greeting-before-time]
happy | merry | your | good | hi | hey | hello | dear | hiya | yo

# Thanks for something: a time already past in such a text is what is thanked for, not an
# event ("thanks for yesterday!", "cheers for the help last night").
[gratitude]
thanks for | thank you for | thx for | ty for | cheers for | ta for | grateful for
thanks heaps for | thanks so much for | thank you so much for | thanks a lot for | many thanks for | thanks again for | thank you again for | big thanks for
thanks a million for | a million thanks for | thanks a bunch for | thanks loads for | cheers again for | thank u for | tysm for | thanks ever so much for

# Past tenses and remarks on what is over: a clause with one tells of the past, and a time
# already past in it is told of, not planned ("Power was out from 6 till 9 last night", "The
# plumber came Thursday", "Great seeing everyone last night!", "Great gig last night"). Forms that are also participles
# naming a done task ("car serviced last mon", "invoice sent Friday") are [past-participle].
[past-remark]
was | were | wasn't | weren't | hadn't | did | didn't | went | came | saw | ran | ate | took | broke | flew | fell | drove | woke | gave | forgot | began | swam | sang | rode | wore | threw | couldn't | could not
great seeing | good seeing | nice seeing | lovely seeing | great catching up | good catching up | nice catching up | lovely catching up | great chatting | nice chatting
congrats on | congratulations on | well done on
# Praise of what was, beside a time that has passed: "Great gig last night", "What a game on Saturday".
great | amazing | awesome | lovely | brilliant | fantastic | wonderful | epic | what a

# Past forms that are also participles: they tell of the past where a clause's verb stands (at
# its start, or after a subject pronoun: "Missed the 8:12 again", "I sent it on Monday"), like a
# regular past in -ed; after a noun they name a done task ("Invoice sent 2 Thursdays ago").
# (Not "read", "put", "set": spelled as the verb itself, they open a to-do: "Read on Monday".)
[past-participle]
had | got | met | spent | slept | felt | heard | told | lost | won | caught | left | sent | made | paid | bought | missed | cancelled | canceled | kept | brought | found | held | sold | built

# Words that may open a clause before its subject and verb: "Sorry I missed your call".
[interjection]
sorry | oh | ah | yeah | yes | no | well | ok | okay | oops | ugh | argh | honestly | lol | damn | sadly | unfortunately | so | anyway | also

# A time passed that something is measured against is told of too: "Coffee sales down 3% vs last
# week", "busier than last Friday". (It makes no weekday the last one: "5-a-side vs Red Lions sun
# 4pm".)
[comparison-word]
vs | vs. | versus | compared to | compared with | than

# Words that refuse a time: in a clause with one, the times are turned down, and another clause's
# time is the plan ("Not Friday — Saturday works", "Tuesday's out, Thursday's better", "Can't do
# 8:30, but 8:45 would be fine", "I'm tied up all morning, but free from 2 onwards").
[refusal-cue]
not | can't | cant | cannot | can not | won't | wont | couldn't | no good | miss | missing | not keen | impossible | taken | tied up | unavailable | no to | doesn't work | does not work | don't work | isn't good | no longer | 's out | is out | are out | i'm out | im out | am out | i'm away | im away | am away | out of office | ooo | clashes | clash with | busy | booked up | fully booked | not free

# Where a text's clauses break: a time in a clause that tells of the past is told of there,
# while the next clause may plan ("Missed you yesterday so coffee Thursday 4pm?").
[clause-break]
so | but | then | because | cos | cause | although | though | whereas

# Words that tell of a time to come: a clause with one plans, whatever its other verbs ("Promised
# I'd pick up the cake this morning", "Missed you, will call at 5").
[future-marker]
will | 'll | won't | shall | gonna | going to | let's | lets | 'd | would | can we | could we | shall we | wanna | want to | need to | have to | got to | gotta | try again | plan to | planning to | still on

# A time right after one of these is planned, even in a clause in the past tense: "Got tickets
# for Saturday 7pm", "Dentist got moved to next Tue 2:30".
[future-prep]
for | to | until | till | til | by | before

# Past forms that ask when a subject follows ("Were you still up for tennis Sat 9am?", "Did you
# want to do Friday?", "Couldn't we do Friday afternoon instead?"): no remark on the past.
[past-question-word]
was | were | did | had | wasn't | weren't | didn't | couldn't

# Subject pronouns: a month word that can be a verb ([month-verb]: may, march) right before
# one is the verb ("May I borrow your charger?", "March we must").
[subject-pronoun]
i | we | you | he | she | they | u

# Verbs whose "by" means a visit, not a deadline: "drop by tomorrow at 3", "swing by Friday".
[by-verb]
drop | stop | swing | pop | come | pass | dropping | stopping | swinging | popping | coming

# A time right after the event's time and this word is another choice: "Saturday or Sunday".
[alternative-link]
or

# Words that follow the verb "may" and never a month: "May not be correct", "May be late".
[modal-follower]
not | be | have | also | well | never | just | still | need | want | help | take | get | come

# Set phrases that look like a time and are none: a time phrase starting with one is dropped.
[not-a-time]
24/7 | 24 / 7 | 24x7 | sat nav | sat navs | sat-nav | 7-eleven | 7 - eleven
the eleventh hour | at the eleventh hour | the 11th hour | at the 11th hour | eleventh hour | 11th hour | high noon | the nineteenth hole | nineteenth hole | the 19th hole | 19th hole
# "now" telling of a change of state, not a time: "Version 2.4 is now available", "Tickets are
# now on sale".
is now | are now | was now | were now | 's now | has now | have now | had now
morning all | morning team | morning everyone | morning folks | morning guys | morning y'all | afternoon all | afternoon team | evening all | evening everyone | night all | nite all
# Names spelled like a time word with a letter left out: the singer, not a typo for "weekend".
the weeknd

# Nouns an ordinal right before counts, so the ordinal is no day of the month: "the 5th floor
# boardroom", "her 30th birthday", "5th Avenue", "the 2nd round".
[ordinal-noun]
best | worst | largest | biggest | highest | half | hand | opinion | chance | guess | floor | floors | birthday | bday | b'day | anniversary | avenue | ave | street | st | grade | graders | place | edition | century | round | row | generation | gen | wedding | attempt | time | try | period | lap | inning | innings | draft | reminder | degree | cousin | base | ward | division | prize | year | years | semester | term | chapter | episode | season | level | stage | gear | wheel | tier | seed | pick | anniversary | reunion | edition | annual | rank | percentile | amendment | dan | kyu
signal | lights | traffic light | traffic lights | light | exit | turning | turn | junction | roundabout | stop | door | entrance | set | verse | paragraph | line | option | item | step | page | slide

# Words after which "coming" opens a time ("this coming Monday", "see you coming Friday"); after
# other words it is the verb ("Plumber coming Monday 8am", "Mum coming Thursday").
[coming-opener]
this | the | on | for | by | until | till | before | after | from | of | at | in | to | and | see you | see u | ,

# Words before a trip's way back: "Flight to Rome Fri 6:40am, back Mon" (the return goes to the
# event's notes, not its time or title).
[return-word]
back | return | returning | home

# What may stand between such a word and the day: "return flight 12 Oct", "back the following
# Saturday", "back on Monday".
[return-noun]
flight | flights | train | trip | leg

[return-link]
the | on

# Words before "home"/"back" that make it a place or a thing, not the way back: "Lunch Friday at
# home 1pm", "my home".
[not-return-before]
at | from | to | @ | in | my | the
ring | call | phone | text | txt | write | hear | check | report | message | msg | email | ping | buzz | circle | calling | ringing | phoning | texting

# Prepositions before an old time said with 's that belong to the sentence, not the time:
# "Following up on Monday's call".
[reference-lead]
on | at | for | from | about | after | before | since

# Words before a time said not to be the event's: "Saturday 2pm, not Friday", "instead of
# Thursday", "(not 4:30)", "(previously 9:30)".
[negation-cue]
not | instead of | rather than | and not | but not | not on | not do | not make | can't make | cant make | cannot make | can't do | cant do | cannot do
previously | formerly | originally

# Words right after a time that choose it over the others said: "I'm off on Wednesday - any
# chance of Thursday instead?", "not on the 4th - the 6th works better".
[choice-marker]
instead | works better | work better | is better | would be better | suits better | suits me better | better for me

# Words opening a time that choose it over the others said: "I can do 9 or 10 tomorrow - let's
# say 10?", "Either works, make it Friday".
[choice-lead]
let's say | lets say | shall we say | make it | let's do | lets do | say

# Verbs that move an event: with one, "from X to Y" is the new time Y, not a range ("Sync moved
# from Monday to Thursday 10am").
[move-verb]
move | moved | moving | moves | push | pushed | pushing | shifted | shifting | postpone | postponed | reschedule | rescheduled | rebook | rebooked | bump | bumped | change | changed | bring forward | brought forward | delay | delayed | swap | swapped

# Amounts a frequency after them makes a rate, not a habit: "45 minutes daily", "3 cups daily".
[rate-word]
minutes | mins | min | hours | hrs | hr | times | x | km | miles | steps | glasses | cups | pages | words | reps | calories | kcal | mg | ml | litres | liters

# Weekday abbreviations that are everyday words too. Typed in lower case and standing alone,
# they are the word after an article or possessive ("the sun"), after a subject ("I sat", "the
# cat sat"), before a possessive ("sun's out") or before a word that makes them the verb or the
# star ([homograph-follower]: "sat next to Sam").
[weekday-homograph]
sat | sun

[homograph-follower]
next to | down | beside | up | is out | is shining | was out | was shining | came out | comes out | is up | was up

[homograph-subject]
i | we | he | she | they | it

# Words that make the word after them a noun: "the sun", "a cat sat", "my dog".
[determiner]
the | a | an | my | his | her | our | their | its

# A month's name alone after one is no date: "Join a March for peace", "an April wedding".
[indefinite-article]
a | an

# Words that make the part of the day right after them the name of an event: "parents'
# evening", "open evening", "quiz night", "games night".
[day-part-namer]
parents | parent | open | quiz | games | game | awards | gala | information | info | careers | prize-giving | cheese | social | karaoke | trivia | poker | bingo | curry | pizza | date | girls | boys | lads | family | movie | film | sauna | jazz | comedy | wine | whisky | beer | cocktail | music | dance | craft | crafts | mahjong | cards | board game | networking | welcome | fundraising | auction | talent | singles | ladies | mums | dads | pub | club | sports | casino | disco | spa

# Things named by a time word said alone before them: "morning sickness", "a morning person",
# "evening gown", "the Evening Standard", "midnight blue", "weekend warrior". (Not events held
# then: "morning run", "evening class" keep their time.)
[time-word-object]
sickness | person | people | glory | glories | dew | blend | roast | gown | gowns | dress | dresses | wear
primrose | news | standard | post | herald | edition | newspaper | paper | blue | warrior | warriors | delight | star | mist | breath
bag | bags | feeling | blues | times | telegraph | mirror | express | observer | best | oil
cream | creams | hat | hats | lounger | loungers | block | glasses | burn | tan | dial | lamp
job | jobs | grind

# Linking words that may stand between a counting word and what it counts ("score was 3-1",
# "PIN is 0915", "score of 2-1", "table for 9 on Sat").
[linking-verb]
is | was | were | are | of | it | for

# Words that introduce a place ("at the office", "in Leeds", "on Zoom", "@ Bondi").
# Words before a place it is a destination: the place stays in the title, as in "Flight to
# Osaka" ("Deliver 3 boxes to Flat 12 Wed 2pm", "Take the form to Room 4 at 3").
[destination-prep]
to | into | towards | toward

[location-prep]
at | in | on | via | @ | inside | near | over at | where :

# Of those, the ones before a meeting platform or a link only: "on Zoom", "via Teams" ("Lecture on
# Byzantine trade" is what the lecture is about).
[platform-prep]
on | via

# Places named by a common word ("at the office", "at home").
[venue]
office | the office | site | the site | outpatients | home | the gym | gym | the cafe | the café | cafe | café | work | school | the park | the library | library | hq | the hq | the studio | campus | the pub | downtown | the lab | my place | your place | their place
room | conference room | meeting room | boardroom | rm | suite | gate | hall | studio | lab | ward | floor | terminal | platform | building | bldg | desk | booth | bay | dock | pier
place | house | apartment | flat | condo | cabin | cottage | garden | gardens | yard | backyard | garage | kitchen | lobby | terrace | rooftop | courtyard
shop | store | atrium | foyer | auditorium | reception | quad | commons | break room | breakroom | staff room | staffroom | classroom | lounge | green room
park | canteen | cafeteria | kitchenette | field | oval | court | pitch | track | grounds | ground | showground | showgrounds | clubrooms | clubroom | clubhouse | pavilion | scout hall | church hall | lodge | chalet | resort | villa | hostel | inn | motel | campsite | campground | marina | boathouse | pantry | breakout room | break-out room | huddle room | war room | training room | lunchroom | lunch room | common room | phone booth | college | university | uni | academy | bakery | diner | bistro | brewery | winery | salon | spa | surgery | practice
centre | center | market | bank | venue | rink | arena | chapel | cathedral | temple | mosque | synagogue | shul | gurdwara | mandir | masjid | kirk | gallery | bar | pub | restaurant | hotel | club | stadium | theatre | theater
the beach | beach | the pool | pool | the mall | mall | the airport | airport | the station | station | church | the church | the hospital | hospital | the clinic | clinic | the museum | museum | the zoo | zoo | the cinema | cinema | the movies | the theater | the theatre | the stadium | the track | the field | the court | the courts | the lake | the river | the restaurant | the bar | the club | the club house | the clubhouse | the dentist | the doctor's | the doctors | the vet | the salon | the barber | the barbers | the bank | the post office | the dmv | the store | the shop | the shops | the market | the supermarket | the hotel | the venue | the city | town | the town hall | city hall

# Prepositions after which "the" and a run of lower-case words is a place when the time, a
# person, a place or the text's end follows it ("Volunteering at the allotment sat 9-noon"). After
# other prepositions the run is a place up to its last venue word ("in the church hall").
[open-place-prep]
at | @ | over at

# Words before "at" that make what follows no place ("Look at the budget Friday").
[at-not-place]
look | looks | looking | looked | glance | glancing | stare | staring | peek | laugh | laughing | aim | aiming | point | pointing | hint | hinting | shout | yell | smile | wave | good | bad | better | best | great

# Words that end a run after "at the" that is no place: "at the latest", "at the same time", and
# what happens rather than where ("Presentation at the board meeting Friday").
[not-a-place]
latest | earliest | least | most | moment | time | last minute | end | start | beginning
person | progress | private | public | general | total | advance | case | fact | charge | touch | mind | bed | full | detail | turn | tears | love | trouble | time zone | hour | eleventh hour | 11th hour | weekend | half | break | point | some point | any point | risk | once | first | last | all | night | noon
meeting | meetings | call | session | review | sync | standup | talk | presentation | demo | interview | lecture | webinar | party | event

# Words that end a place's run of lower-case words, besides connectors, list joiners, location
# prepositions and attendee intros ("at the pub after work Friday" → "the pub").
[place-end]
after | before | during | then | but | or | so | because | re | while | when | if | once | unless

# Abbreviations whose period stays inside a place's name ("St. Mark's", "Mt. Hood", "Rm. 204").
[place-abbrev]
st. | mt. | mtn. | ft. | pt. | dr. | ave. | av. | rd. | blvd. | ln. | sq. | pl. | ct. | hwy. | pkwy. | bldg. | rm. | ste. | apt. | no. | jct. | stn. | univ. | hosp. | ctr. | fl. | gt. | n. | s. | e. | w.

# Meeting platforms ("on Zoom", "via Google Meet").
[platform]
zoom | zoom meeting | zoom call | teams | teams meeting | microsoft teams | microsoft teams meeting | ms teams | google meet | meet | hangouts | webex | webex meeting | skype | skype meeting | facetime | slack | slack huddle | discord | whatsapp | phone

# Words that introduce the people taking part.
[attendee-intro]
with | w/ | w | along with | together with

# Verbs whose object is a person ("call Mom", "email Aiko").
[contact-verb]
call | ring | phone | email | e-mail | text | message | facetime | skype | ping | meet | visit | see

# Family words: a person even typed in lower case ("call mom", "ring grandma", "w/ my sister").
# Plural ones are groups, in [group-word] ("Dinner with parents").
# Family words said after a name as a title of respect: "Call Ravi uncle", "Meena aunty".
[kin-title]
uncle | aunty | auntie | aunt | bhaiya | didi | bhai

[kin-word]
mom | mum | mommy | mummy | mama | mam | ma | dad | daddy | papa | pa | mother | father | stepmom | stepmum | stepmother | stepdad | stepfather | amma | appa | amme | achan | ammi | abba | ammu | maa | mami | mamá | papá | maman | mutti | vati | ouma | oupa
grandma | grandpa | granny | grandad | granddad | gran | grandmother | grandfather | gramps | nan | nana | nanna | nonna | nonno | oma | opa | abuela | abuelo | abuelita | abuelito | vovó | vovô | avó | avô | lola | lolo | bubbe | zayde | baba | babcia | dziadek | yiayia | pappou | nonni
sister | brother | sis | bro | aunt | auntie | aunty | uncle | niece | nephew | cousin | son | daughter | stepson | stepdaughter | godmother | godfather
wife | husband | hubby | partner | boyfriend | girlfriend | fiance | fiancé | fiancee | fiancée
mother-in-law | father-in-law | sister-in-law | brother-in-law | son-in-law | daughter-in-law

# Words before a family word that belong to the person's name as typed ("call my sister").
[kin-determiner]
my | our

# Titles that start a name ("Ms. Mori", "Dr Chen").
[name-title]
mr | mr. | mrs | mrs. | ms | ms. | dr | dr. | prof | prof. | mx | mx. | dra | dra. | engr | engr. | eng. | herr | frau | sr | sr. | sra | sra. | srta | dott | dott. | mme | mlle | rev | rev. | fr | fr. | lic | lic. | ing. | arq. | atty | atty. | adv. | capt | capt. | sgt | sgt. | hon. | sen. | gov.

# Words joining names in a list.
[list-joiner]
and | & | , | , and | +

# Words that name a group, a place or an animal, not a person ("call with the Boston team",
# "walk with Rex the dog"). Cities are read from [zone-city] ("call with Madrid").
[group-word]
team | group | crew | folks | everyone | everybody | all | squad | department | dept | office | committee | board | club | family | class
vendor | vendors | client | customer | supplier | suppliers | contractor | contractors | agency | procurement | finance | legal | hr | marketing | sales | engineering | ops | operations | it | support | design | product | management | leadership | accounts | accounting | payroll | admin | security | compliance | facilities | recruiting | recruitment | purchasing | audit | comms | pr
parents | kids | children | sisters | brothers | siblings | aunts | uncles | nieces | nephews | sons | daughters | grandkids | grandchildren | friends | mates | pals | buddies | besties | colleagues | coworkers | co-workers | investors | clients | customers | neighbors | neighbours | relatives | cousins | in-laws | grandparents | roommates | classmates | teammates | students | staff | guys | girls | boys | people | ladies | gang
dog | dogs | cat | cats | puppy | kitten | pet | pets | horse
recruiter | recruiters | rep | reps | representative | agent | adviser | advisor | interviewer | interviewers | hiring manager | account manager

# Capitalized words after "with" that are not people.
[not-a-name]
the | a | an | my | our | your | his | her | their | me | you | us | them | him | it | this | that | someone | somebody | everyone
# (Chat words after a name typed in lower case: "w/ sam pls".)
re | pls | plz | please | lol | thx | thanks | asap | again | too | downtown | later | tho | maybe | probs | prob | ok | okay

# Words that make a meal only the time of something else: "Sync at lunch" → "Sync". A meal said
# otherwise is what the event is and stays in the title: "dinner on Sat with Jo" → "Dinner with Jo".
[meal-time-prep]
at | during | over | around | after | before | by | until | till | from | about | through | past | since | @

# Words that ask the app to remind rather than name the event: "Remind me to call Mom at 5" →
# "Call Mom". Labels and courtesy words stay, as typed ("Reminder: quarterly review", "Pls book
# the room"): the conventions keep the text otherwise as typed.
[title-lead]
remind me to | reminder to | remember to | don't forget to | dont forget to | note to self :
set a reminder to | set a reminder for | set reminder to | set me a reminder to
create an event called | create an event titled | create an event named | add an event called | add an event titled | add an event named
schedule an event called | schedule an event titled | make an event called | new event called | an event called | an event titled

# A reply's quoted part, whose dates are the old message's: the verb ending the line that
# introduces it ("On Tue, Jan 6, 2028 at 10:20 AM Raj <raj@x.com> wrote:", in the languages mail
# programs write it in), the markers of an original or forwarded message, and the header fields
# under a "From:" line (Outlook's "From: … / Sent: …").
[reply-verb]
wrote | schrieb | escribió | escribio | a écrit | ha scritto | schreef | skrev | escreveu | napisał | kirjoitti
[quote-marker]
original message | forwarded message | begin forwarded message | reply message | mensaje original | ursprüngliche nachricht | message d'origine
[reply-header-field]
sent | date | gesendet | enviado | envoyé

# A letter's closing, on a line of its own and ending in a comma: what follows is the
# signature (name, title, phone, office hours), no plan.
[sign-off]
thanks | thank you | many thanks | thanks again | thx | ta | cheers | best | all the best | regards | kind regards | best regards | warm regards | warmly | sincerely | yours | yours sincerely | yours truly | love | talk soon | speak soon | see you | br | rgds | kr | best wishes
ngā mihi | nga mihi | lg | mfg | cordialement | bien à vous | un saludo | saludos | abrazos | terima kasih | groetjes | met vriendelijke groet | hälsningar

# Words for a street after its name ("1250 Market St", "12 rue de Rivoli"): the number before
# is a house, not a time.
[street-word]
st | street | rd | road | ave | avenue | blvd | boulevard | lane | ln | terrace | tce | crescent | cres | pde | hwy | highway | sq | mews | rue | calle | strasse | straat | gasse | allee | grove | gr | drive | court | ct | pl | way | close | circuit | cct | quay | esplanade | plaza | parkway | pkwy

# A request to put the event in the calendar, which says nothing of the event ("Add dentist to
# my calendar for Friday"): the phrase leaves the title, and so does the verb opening the text
# with it (with "a"/"an" after it).
[calendar-ref]
to my calendar | on my calendar | in my calendar | into my calendar | to the calendar | on the calendar | in the calendar | to my diary | in my diary | in the diary | to my schedule | on my schedule | to my cal | on my cal | in my cal

[calendar-verb]
add | put | pop | stick | pencil in | pencil | enter | save | note

# Verbs that set up a habit: after one, "a weekly 1:1" is how often ("Set up a daily standup at
# 9:15"); after any other, a frequency after a determiner names a thing ("Buy a weekly planner").
[habit-verb]
set up | setup | schedule | book | arrange | organise | organize | create | start | add | plan | put in | make

# Articles: a frequency after one names a kind of thing ("Buy a weekly planner").
[article]
a | an | the

# Verbs that propose a meal (parts-of-day.rules, verb-meal): the meal is its hours, and the verb
# stays in the title with it ("Let's do lunch next Friday at noon").
[meal-verb]
grab | grabbing | do | doing | have | having | get | getting

# Words saying when a place is open: beside another time, a time of day right after one (up to
# three words on) is the place's hours, not the event's ("The garage opens at 7:30am, please drop
# your car off at 8am on Tuesday"). (A day after one is a deadline: "Registration closes Sept 9".)
[hours-cue]
opens | opening | closes | closing | shuts

# Words before a habit's last day said apart from it: "Daily walk 5:30pm until Friday".
[until-word]
until | till | til | through | thru | untill

# The thing due: a frequency before it names that thing ("Weekly report due Friday"), where
# "Rent due monthly" is a habit.
[deliverable-word]
due

# A verb and its particle: the particle is no dangling connector ("Check in every 2 weeks").
[phrasal-verb]
check in | sign in | log in | move in | drop in | hand in | turn in | dial in | clock in | call in | fill in | weigh in | plug in | stop in | pop in | put in | pencil in | book in | slot in | fit in | squeeze in | write in | pen in
drop by | stop by | come by | swing by | pop by
log on | sign on | hop on | move on

# Of those (below), the ones left dangling at the start of what follows a cut: the others open a
# phrase of their own there ("Call Mom Friday about the trip", "Flight Friday to Boston").
[title-leading-connector]
at | on | the | this | @ | - | or | between

# Words left dangling when a time or place phrase is cut out of the title.
[title-connector]
at | on | in | from | by | for | @ | - | the | this | of | starting | to | until | till | between | and | or | around | about | approx | approximately | when | doors | doors open
