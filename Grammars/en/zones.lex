# Time zones named in text. Values: an IANA identifier, then "std" or "dst" when the
# abbreviation names standard or daylight time (read as the region's civil time either way,
# but flagged when it does not match the season).

[zone-word]
utc | gmt = Etc/UTC
et | eastern | eastern time = America/New_York
est = America/New_York std
edt = America/New_York dst
ct | central | central time = America/Chicago
cst = America/Chicago std
cdt = America/Chicago dst
mt | mountain time = America/Denver
mst = America/Denver std
mdt = America/Denver dst
pt | pacific | pacific time = America/Los_Angeles
pst = America/Los_Angeles std
pdt = America/Los_Angeles dst
akst = America/Anchorage std
hst = Pacific/Honolulu
bst = Europe/London dst
wet = Europe/Lisbon std
cet = Europe/Paris std
cest = Europe/Paris dst
eet = Europe/Athens std
eest = Europe/Athens dst
msk = Europe/Moscow
ist = Asia/Kolkata
jst = Asia/Tokyo
kst = Asia/Seoul
sgt = Asia/Singapore
hkt = Asia/Hong_Kong
aest = Australia/Sydney std
aedt = Australia/Sydney dst
awst = Australia/Perth
acst = Australia/Adelaide std
acdt = Australia/Adelaide dst
# Africa and Asia (no daylight time): "3pm EAT", "10:00 WAT", "9am PHT".
eat = Africa/Nairobi
wat = Africa/Lagos
sast = Africa/Johannesburg
pht = Asia/Manila
pkt = Asia/Karachi
gst = Asia/Dubai
wib = Asia/Jakarta
ict = Asia/Bangkok
myt = Asia/Kuala_Lumpur
nzst = Pacific/Auckland std
nzdt = Pacific/Auckland dst

# Windows time zone names as Outlook prints them after "(UTC±hh:mm)": "When: Monday, 1 June
# 2026 10:00-11:30 (UTC+00:00) Dublin, Edinburgh, Lisbon, London". The printed offset is the
# standard one all year, so the region's civil time is meant (flagged in summer, like "EST").
[windows-zone]
pacific time ( us & canada ) = America/Los_Angeles std
mountain time ( us & canada ) = America/Denver std
central time ( us & canada ) = America/Chicago std
eastern time ( us & canada ) = America/New_York std
atlantic time ( canada ) = America/Halifax std
arizona = America/Phoenix
hawaii = Pacific/Honolulu
alaska = America/Anchorage std
dublin , edinburgh , lisbon , london = Europe/London std
amsterdam , berlin , bern , rome , stockholm , vienna = Europe/Berlin std
brussels , copenhagen , madrid , paris = Europe/Paris std
belgrade , bratislava , budapest , ljubljana , prague = Europe/Budapest std
sarajevo , skopje , warsaw , zagreb = Europe/Warsaw std
athens , bucharest = Europe/Bucharest std
helsinki , kyiv , riga , sofia , tallinn , vilnius = Europe/Helsinki std
istanbul = Europe/Istanbul
moscow , st . petersburg = Europe/Moscow
abu dhabi , muscat = Asia/Dubai
chennai , kolkata , mumbai , new delhi = Asia/Kolkata
beijing , chongqing , hong kong , urumqi = Asia/Shanghai
kuala lumpur , singapore = Asia/Singapore
osaka , sapporo , tokyo = Asia/Tokyo
seoul = Asia/Seoul
brisbane = Australia/Brisbane
canberra , melbourne , sydney = Australia/Sydney std
auckland , wellington = Pacific/Auckland std
coordinated universal time = Etc/UTC

# "Z" (Zulu) only after a whole clock time, glued or not: "06:00Z", "1400 zulu" (see zones.rules).
[zulu]
z | zulu = Etc/UTC

# Cities said with "time": "10am London time".
[zone-city]
london | uk | british | manchester | edinburgh = Europe/London
dublin | ireland | irish = Europe/Dublin
lisbon = Europe/Lisbon
paris | france | french = Europe/Paris
berlin | germany | german | munich | frankfurt | hamburg | cologne = Europe/Berlin
madrid | spain | barcelona = Europe/Madrid
rome | italy | milan = Europe/Rome
amsterdam = Europe/Amsterdam
zurich | geneva | switzerland = Europe/Zurich
stockholm = Europe/Stockholm
athens = Europe/Athens
moscow = Europe/Moscow
new york | nyc | ny | boston | miami | atlanta | toronto | east coast = America/New_York
chicago | dallas | houston = America/Chicago
denver = America/Denver
los angeles | la | san francisco | sf | seattle | vancouver | west coast = America/Los_Angeles
sao paulo = America/Sao_Paulo
tokyo | japan | japanese = Asia/Tokyo
seoul = Asia/Seoul
beijing | shanghai | china = Asia/Shanghai
hong kong = Asia/Hong_Kong
singapore = Asia/Singapore
india | indian | mumbai | delhi | bangalore = Asia/Kolkata
dubai = Asia/Dubai
sydney | canberra = Australia/Sydney
melbourne = Australia/Melbourne
perth = Australia/Perth
auckland | wellington | nz | new zealand = Pacific/Auckland
brisbane | queensland = Australia/Brisbane
adelaide = Australia/Adelaide
phoenix | arizona = America/Phoenix
honolulu | hawaii = Pacific/Honolulu
anchorage | alaska = America/Anchorage
mexico city = America/Mexico_City
montreal | ottawa = America/Toronto
calgary | edmonton = America/Edmonton
halifax = America/Halifax
buenos aires | argentina = America/Argentina/Buenos_Aires
bogota | colombia = America/Bogota
lima | peru = America/Lima
santiago | chile = America/Santiago
brazil | rio = America/Sao_Paulo
brussels | belgium = Europe/Brussels
vienna | austria = Europe/Vienna
prague = Europe/Prague
warsaw | poland = Europe/Warsaw
copenhagen | denmark = Europe/Copenhagen
oslo | norway = Europe/Oslo
helsinki | finland = Europe/Helsinki
kyiv | kiev | ukraine = Europe/Kyiv
istanbul | turkey = Europe/Istanbul
tel aviv | jerusalem | israel = Asia/Jerusalem
cairo | egypt = Africa/Cairo
johannesburg | cape town | south africa = Africa/Johannesburg
nairobi | kenya = Africa/Nairobi
lagos | nigeria = Africa/Lagos
riyadh | saudi = Asia/Riyadh
karachi | pakistan = Asia/Karachi
dhaka | bangladesh = Asia/Dhaka
bangkok | thailand = Asia/Bangkok
jakarta = Asia/Jakarta
kuala lumpur | kl | malaysia = Asia/Kuala_Lumpur
manila | philippines = Asia/Manila
taipei | taiwan = Asia/Taipei
hanoi | ho chi minh | vietnam = Asia/Ho_Chi_Minh
korea | korean = Asia/Seoul
