# Calendar vocabulary: weekdays (ISO numbers, 1 = Monday), months, time units (grain names),
# am/pm markers, named times of day, parts of the day (FROM-TO@DEFAULT, hours).

# Lexicon categories whose words are read through one typo (a letter left out, two neighbouring
# letters swapped: "thurday", "tomorow", "haloween"), when 6 letters or more are typed and the
# typo is no word the grammar knows. See TypoCorrector.
[typo-tolerant]
weekday-word | weekday-plural | month-word | day-word | day-part-word | tonight-word | holiday-word
unit | cycle-unit | next-word | last-word | this-word | coming-word | number-word | ordinal-word | tod-word | edge-word | edge-adjective

[weekday-word]
monday | mon | mo = 1
tuesday | tue | tues | tu = 2
wednesday | wed | weds | wensday | wednsday = 3
thursday | thu | thur | thurs = 4
friday | fri | frday | firday = 5
saturday | sat = 6
sunday | sun = 7

[month-word]
january | jan = 1
february | feb | febuary = 2
March | mar = 3
april | apr = 4
May = 5
june | jun = 6
july | jul = 7
august | aug = 8
september | sep | sept = 9
october | oct = 10
november | nov = 11
december | dec = 12

# Months that are also words: typed in lower case, "may" and "march" are a month only with a
# day, a year or a word that makes them one ("may 5", "march 2027", "in may", "next march"), not
# in "I may be late" or "march in the parade". ("May" and "March" above need the capital.)
[month-verb]
march = 3
may = 5

# Grain names as the resolver knows them.
[unit]
second | seconds | sec | secs | s = second
minute | minutes | min | mins | m = minute
hour | hours | hr | hrs | h = hour
day | days | d = day
week | weeks | wk | wks = week
month | months | mo | mos | mth | mths = month
quarter | quarters | qtr | qtrs = quarter
year | years | yr | yrs = year

# Seconds written with a double prime: 1" (the prime is in relative.rules: 15').
[double-prime]
" | '' = second

# A calendar cycle named with this/next/last ("next week", "this month").
[cycle-unit]
week | wk = week
month | mth = month
quarter | qtr = quarter
year | yr = year
day = day
hour | hr = hour

[meridiem]
# A lone "a" is too weak to be am ("A4", "4 a meeting") except glued to a clock time ("3:18a").
am | a.m. | a.m | a m | a. m. | morning = am
pm | p.m. | p.m | p m | p. m. | p = pm

[tod-word]
noon | midday | mid-day | mid day | noonish = 12:00
elevenses = 11:00
midnight | mid-night | midnite = 24:00

# Parts of the day: FROM-TO (hours, end exclusive) @ where an event said so starts, then
# `ends-day` for a part that ends the day (a deadline said with it lasts until midnight).
[day-part-word]
morning | morn | mornin | morningish = 0-12@9
early morning | early in the morning | early hours of the morning | the early hours of the morning = 0-9@7
mid-morning | mid morning | midmorning = 9-11@10
late morning = 10-12@10
early afternoon = 12-15@13
mid-afternoon | mid afternoon | midafternoon = 14-16@15
late afternoon = 15-18@16
early evening = 18-20@18
late evening = 21-24@21
afternoon | arvo | aft | afternoonish = 12-19@14
evening | eve | evenin | eveningish = 18-24@18
late night = 21-24@22
lunchtime | lunch time = 12-14@12

# The end of the day: an event said with it starts at 17:00; a deadline said with it ("by EOD")
# lasts until midnight. Close of business is the hour offices close: "by COB" lasts until 17:00.
end of day | eod | end of the day = 17-24@17 ends-day
close of business | COB = 17-24@17

# Parts of the day named by a phrase that is a time by itself.
# "night" alone is latent: it is usually part of a name ("Poker night", "Club night"), but
# a day makes it a time ("Sat night").
[night-word]
night | nite = 18-24@20

# Parts of the day that are a time only with a day: "first thing tomorrow", not "the first
# thing to do". "first thing" says the day to a reader (`day`); its event starts at 09:00.
[day-part-with-day]
first thing | first thing in the morning = 0-10@9 day

[day-part-phrase]
after lunch = 13-17@13
after school = 15-21@15
after work = 17-21@17

# Tonight: a part of today.
# Meals name a part of the day, but said with a time they are the event itself
# ("Lunch at noon" is lunch, at noon), so only a date or "the" makes them a time.
[meal-word]
# (Not "breakfast": too often a name's first word, "at the Breakfast Club".)
brunch = 10-14@11
lunch = 12-14@12
dinner | supper = 18-22@19

[tonight-word]
tonight | tonite | 2nite | 2night = 18-24@20

# Relative day words: offset from today.
[day-word]
today | tday | 2day = 0
tomorrow | mañana | manana | tmrw | tmr | tmw | tmrow | tmrrw | 2mrw | 2mro | tomoz | 2moz | tmorrow | tomorow | tommorow | tommorrow | 2moro | 2morrow | tomorrows | tomoro | tomorro | tmoro | tomrw = 1
yesterday | yday = -1

# Business shorthand that is also an English word: written in capitals, an entry matches only
# text typed in capitals ("BOY" is the beginning of the year; "the boy" is a boy).
[cycle-edge-abbreviation]
BOY = year:start
BOW = week:start

# The letter of an ISO week number glued to it, in capitals: "W48", "CW12" (German KW).
[week-number-letter]
W | CW | KW

# A week counted by its ISO number, written out: "week 47", "calendar week 14", "ISO week 9".
[week-number-word]
week | wk | cw | kw | calendar week | iso week | cal week

[next-word]
next | nxt | upcoming | following
[last-word]
last | past | previous | prev
[this-word]
this | current
# The first one after today, no question: "this coming Monday" said on a Monday is a week away,
# said on a Tuesday six days (where "next Monday" may mean either).
[coming-word]
coming | this coming

# Plural weekdays say a weekly habit: "Mondays 9-9:45".
# Weekdays run together as letters, as timetables write them ("Gym MWF 7am", "Office hours TTh").
# Values are the ISO weekdays (1 = Monday). "MW" and "TR" match only as typed in capitals.
[weekday-letters]
mwf | m/w/f = 1 3 5
tth | tuth | t/th | tu/th | TR = 2 4
MW | m/w = 1 3
mtwtf | MTWRF | m-f = 1 2 3 4 5

[weekday-plural]
mondays = 1
tuesdays = 2
wednesdays = 3
thursdays = 4
fridays = 5
saturdays = 6
sundays = 7

# Parts of the day in the plural, a habit after a weekday: "Sunday nights", "Friday mornings".
[day-part-plural]
mornings = 0-12@9
afternoons = 12-19@14
evenings = 18-24@18
nights | nites = 18-24@20

# Parts of a span: "the end of the month", "beginning of next week".
[edge-word]
beginning | start | begin = start
middle | mid | midst = middle
end | close = end

# The same said before a month or year: "early March", "mid-2014", "late next week".
[edge-adjective]
early = start
mid | middle | mid- = middle
late = end

# What a habit's occurrences are counted in: "for 10 sessions", "x 6 lessons" (COUNT).
[session-word]
sessions | classes | lessons | occurrences | visits | appointments | treatments | shots | meetings | times | rounds | sittings
